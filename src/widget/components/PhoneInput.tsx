/**
 * The phone field (§3, §5), loaded only when it is shown: a country selector (US or
 * `intl.defaultCountry` first), the number formatted as typed, Submit only once the number is
 * valid for the selected country; changing the country clears the number.
 */
import { useMemo, useState } from 'react';
import {
  countryList,
  formatAsTyped,
  formatPhoneNumber,
  initialCountry,
  phoneFieldOf,
  phoneInputResult,
} from '../../core/phone.js';
import { PHONE_TEXT } from '../../core/text/phone.js';
import type { PhoneInputResult } from '../../protocol/client.js';
import { useStore, useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { SubmitButton, submitOnEnter } from './EmailForm.js';

export interface PhoneInputProps {
  /** Called with the phone input result once it is valid and the user submits. */
  onSubmit: (result: PhoneInputResult) => void;
  autoFocus?: boolean;
}

export default function PhoneInput({ onSubmit, autoFocus = true }: PhoneInputProps) {
  const { ctx, styles } = useWidget();
  const f = useFieldStyles();
  const host = useStore(ctx.$hostConfig);
  const flow = useStore(ctx.modal.$flow);
  const countries = useMemo(() => countryList(globalThis.navigator?.language), []);
  // Back from an error screen, the number the user typed is there again.
  const [initial] = useState(() => {
    const fallback = initialCountry(host.intl?.defaultCountry);
    return flow.channel === 'sms' && flow.phoneNumber
      ? phoneFieldOf(flow.phoneNumber, fallback)
      : { country: fallback, text: '' };
  });
  const [country, setCountry] = useState(initial.country);
  const [text, setText] = useState(initial.text);
  const result = phoneInputResult(country, text);
  const canSubmit = result.isValid && !flow.busy;
  const submit = () => {
    if (canSubmit) onSubmit(result);
  };

  return (
    <div className={styles.emailRow}>
      <label htmlFor="gatehouse-country" className={styles.visuallyHidden}>
        {PHONE_TEXT.countryLabel}
      </label>
      <select
        id="gatehouse-country"
        className={f.countrySelect}
        value={country}
        onChange={(event) => {
          setCountry(event.currentTarget.value);
          setText('');
        }}
      >
        {/* The chosen country as the closed selector can show it whole ('US +1'); the list names them all. */}
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.code} +${option.callingCode}${option.code === country ? '' : ` ${option.name}`}`}
          </option>
        ))}
      </select>
      <label htmlFor="gatehouse-phone" className={styles.visuallyHidden}>
        {PHONE_TEXT.phoneLabel}
      </label>
      <input
        id="gatehouse-phone"
        className={styles.emailInput}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_TEXT.phonePlaceholder}
        value={text}
        data-autofocus={autoFocus ? '' : undefined}
        onInput={(event) => {
          const formatted = formatAsTyped(country, event.currentTarget.value, text);
          event.currentTarget.value = formatted;
          setText(formatted);
        }}
        onKeyDown={submitOnEnter(submit)}
      />
      <SubmitButton disabled={!canSubmit} onClick={submit} />
    </div>
  );
}

/** A qualified phone number, formatted for reading (core/phone.ts). */
export function FormattedPhone({ value }: { value: string }) {
  return <>{formatPhoneNumber(value)}</>;
}
