import { afterEach, describe, expect, it, vi } from 'vitest';
import { SmsProvider } from '../helpers/sms-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  mountWidget,
  openLogin,
  textbox,
  type,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

function smsOnly(): SmsProvider {
  const provider = new SmsProvider();
  provider.app = { ...provider.app, email_auth: false, sms_auth: true };
  return provider;
}

const country = (shadow: ShadowRoot) => {
  const select = shadow.querySelector<HTMLSelectElement>('select');
  if (!select) throw new Error('no country selector');
  return select;
};

async function phoneField(shadow: ShadowRoot): Promise<HTMLInputElement> {
  await vi.waitFor(() => expect(textbox(shadow, 'Phone number')).toBeTruthy(), { timeout: 5000 });
  return textbox(shadow, 'Phone number');
}

describe('the phone field on LANDING', () => {
  it('has a labelled country selector (US first) and formats the number as typed; Submit waits for a valid number', async () => {
    const widget = mountWidget(smsOnly());
    await openLogin(widget);
    const field = await phoneField(widget.shadow);
    expect(field.type).toBe('tel');
    expect(country(widget.shadow).value).toBe('US');
    // The closed selector shows the chosen country whole, not clipped ('US +1 U'); the others are named.
    expect(country(widget.shadow).selectedOptions[0]?.textContent).toBe('US +1');
    expect(country(widget.shadow).querySelector('option[value="GB"]')?.textContent).toBe(
      'GB +44 United Kingdom',
    );
    expect(widget.shadow.querySelector('label[for="gatehouse-country"]')?.textContent).toBe('Country');
    const submit = () => button(widget.shadow, 'Submit');
    expect(submit().disabled).toBe(true);
    type(field, '201555');
    await vi.waitFor(() => expect(field.value).toBe('(201) 555'));
    expect(submit().disabled).toBe(true);
    type(field, '(201) 555-0123');
    await vi.waitFor(() => expect(submit().disabled).toBe(false));
    expect(field.value).toBe('(201) 555-0123');
  });

  it('changing the country clears the number; intl.defaultCountry picks the first country', async () => {
    const widget = mountWidget(smsOnly());
    await widget.handle.call('init', [{ intl: { defaultCountry: 'GB' } }]);
    await openLogin(widget);
    const field = await phoneField(widget.shadow);
    expect(country(widget.shadow).value).toBe('GB');
    type(field, '07400 123456');
    await vi.waitFor(() => expect(button(widget.shadow, 'Submit').disabled).toBe(false));
    const select = country(widget.shadow);
    select.value = 'FR';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(field.value).toBe(''));
    expect(button(widget.shadow, 'Submit').disabled).toBe(true);
  });

  it('texts the code to +callingcode number and logs in with it on the code screen', async () => {
    const widget = mountWidget(smsOnly());
    const success: CustomEvent[] = [];
    window.addEventListener('login:success', (e) => success.push(e as CustomEvent));
    await openLogin(widget);
    const field = await phoneField(widget.shadow);
    type(field, '2015550123');
    await vi.waitFor(() => expect(button(widget.shadow, 'Submit').disabled).toBe(false));
    button(widget.shadow, 'Submit').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    await vi.waitFor(() =>
      expect(dialog(widget.shadow)?.textContent).toContain(
        'Please check your phone for a code sent to +1 201 555 0123',
      ),
    );
    expect(widget.provider.callsTo('/api/v1/passwordless_sms/init').map((r) => r.body)).toEqual([
      { phoneNumber: '+12015550123', locale: 'en' },
    ]);
    const code = (widget.provider as SmsProvider).smsCodes.get('+12015550123')!;
    type(digits(widget.shadow)[0]!, code);
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true));
    expect(widget.stores.$user.get()?.phone).toEqual({ number: '+12015550123' });
    expect(success.at(-1)?.detail.loginMethod).toBe('sms');
  });
});
