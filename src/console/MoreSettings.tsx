/**
 * The settings of `gatehouse apps set` beyond the everyday ones, each group folded in a
 * details/summary so that the app's page stays readable. Server-only settings are write-only: a
 * field says whether the app has one, takes a new value, and never shows it.
 */
import type { Emotion } from '@emotion/css/create-instance';
import type { FormEvent } from 'react';
import type { OAuthProvider } from '../protocol/constants.js';
import { OAUTH_PROVIDER_NAMES } from '../protocol/oauth-names.js';
import { useSectionStyles, useStyles } from './context.js';
import { Field } from './fields.js';
import { clearKey, SETTING_GROUPS, type SettingField } from './settings-fields.js';
import type { Form } from './settings-form.js';
import { SETTINGS_TEXT as T } from './texts-settings.js';

type Setter = (field: string, value: string | boolean) => void;
interface FieldProps {
  entry: SettingField;
  form: Form;
  set: Setter;
  configured: readonly string[];
}

const moreStyles = ({ css }: Emotion) => ({
  group: css`
    border: 1px solid var(--line); border-radius: 8px; padding: 0 12px;
    & > summary { min-height: 44px; display: flex; align-items: center; font-weight: 600; cursor: pointer; }
    &[open] { padding-bottom: 12px; }
    & > div { display: grid; gap: 8px; }
  `,
  select: css`width: auto; min-width: 12rem;`,
});

const idOf = (field: string) => `more-${field.replace(/[^a-z0-9]/gi, '-')}`;

/** A field's label: its own, or its provider's name and what it is (`Google client secret`). */
function labelOf(field: string): string {
  const oauth = /^oauth\.([a-z]+)\.(.+)$/.exec(field);
  if (oauth) return `${OAUTH_PROVIDER_NAMES[oauth[1] as OAuthProvider]} ${oauth[2]?.replace(/_/g, ' ')}`;
  return T.labels[field] ?? field;
}

function Switch({ entry, form, set }: FieldProps) {
  const styles = useStyles();
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={form[entry.field] === true}
        onChange={(event) => set(entry.field, event.currentTarget.checked)}
      />
      {labelOf(entry.field)} <span className={styles.code}>{entry.field}</span>
    </label>
  );
}

/** A select of `choices`, with a first option when given (a write-only field's "leave as it is"). */
function Choice({ entry, form, set, first }: FieldProps & { first?: string }) {
  const styles = useStyles();
  const own = useSectionStyles(moreStyles);
  const id = idOf(entry.field);
  return (
    <select
      id={id}
      className={`${styles.input} ${own.select}`}
      value={String(form[entry.field])}
      onChange={(event: FormEvent<HTMLSelectElement>) => set(entry.field, event.currentTarget.value)}
    >
      {first !== undefined ? <option value="">{first}</option> : null}
      {entry.choices?.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}

/** The MFA methods: one switch each, kept in the form as a comma-separated list. */
function List({ entry, form, set }: FieldProps) {
  const styles = useStyles();
  const chosen = String(form[entry.field]).split(',').filter(Boolean);
  const toggle = (choice: string, on: boolean) =>
    set(entry.field, (on ? [...chosen, choice] : chosen.filter((item) => item !== choice)).join(','));
  return (
    <fieldset className={styles.fieldset}>
      <legend>
        {labelOf(entry.field)} <span className={styles.code}>{entry.field}</span>
      </legend>
      {entry.choices?.map((choice) => (
        <label key={choice} className={styles.check}>
          <input
            type="checkbox"
            checked={chosen.includes(choice)}
            onChange={(event) => toggle(choice, event.currentTarget.checked)}
          />
          {choice}
        </label>
      ))}
    </fieldset>
  );
}

/** A server-only setting: whether the app has it, a new value (never the stored one), and Remove. */
function WriteOnly({ entry, form, set, configured }: FieldProps) {
  const styles = useStyles();
  const id = idOf(entry.field);
  const has = configured.includes(entry.field);
  const label = labelOf(entry.field);
  return (
    <div>
      <label className={styles.label} htmlFor={id}>
        {label} <span className={styles.code}>{entry.field}</span>
      </label>
      <p id={`${id}-state`} className={styles.hint}>
        <strong>{has ? T.isSet : T.notSet}</strong>. {T.writeOnlyHint}
      </p>
      {entry.choices ? (
        <Choice entry={entry} form={form} set={set} configured={configured} first={T.keep} />
      ) : (
        <input
          id={id}
          className={styles.input}
          type={entry.kind === 'secret' ? 'password' : 'text'}
          autoComplete={entry.kind === 'secret' ? 'new-password' : 'off'}
          aria-describedby={`${id}-state`}
          value={String(form[entry.field])}
          onInput={(event: FormEvent<HTMLInputElement>) => set(entry.field, event.currentTarget.value)}
        />
      )}
      {has ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form[clearKey(entry.field)] === true}
            onChange={(event) => set(clearKey(entry.field), event.currentTarget.checked)}
          />
          {T.remove(label)}
        </label>
      ) : null}
    </div>
  );
}

function OneField(props: FieldProps) {
  const { entry, form, set } = props;
  if (entry.kind === 'switch') return <Switch {...props} />;
  if (entry.kind === 'list') return <List {...props} />;
  if (entry.kind === 'serverOnly' || entry.kind === 'secret') return <WriteOnly {...props} />;
  if (entry.kind === 'choice') return <LabelledChoice {...props} />;
  return (
    <Field
      id={idOf(entry.field)}
      label={labelOf(entry.field)}
      hint={entry.field}
      value={String(form[entry.field])}
      onValue={(value) => set(entry.field, value)}
    />
  );
}

function LabelledChoice(props: FieldProps) {
  const styles = useStyles();
  return (
    <div>
      <label className={styles.label} htmlFor={idOf(props.entry.field)}>
        {labelOf(props.entry.field)} <span className={styles.code}>{props.entry.field}</span>
      </label>
      <Choice {...props} />
    </div>
  );
}

export function MoreSettings({ form, set, configured }: Omit<FieldProps, 'entry'>) {
  const own = useSectionStyles(moreStyles);
  const styles = useStyles();
  return (
    <>
      <h4>{T.more}</h4>
      {SETTING_GROUPS.map((group) => (
        <details key={group.id} className={own.group}>
          <summary>{T.groups[group.id]}</summary>
          <div>
            {T.notes[group.id] ? <p className={styles.hint}>{T.notes[group.id]}</p> : null}
            {group.fields.map((entry) => (
              <OneField key={entry.field} entry={entry} form={form} set={set} configured={configured} />
            ))}
          </div>
        </details>
      ))}
    </>
  );
}
