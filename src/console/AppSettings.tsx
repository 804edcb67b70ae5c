import type { Emotion } from '@emotion/css/create-instance';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { AppConfigWire } from '../protocol/api.js';
import { OAUTH_PROVIDERS, type OAuthProvider, oauthAppFlags } from '../protocol/constants.js';
import { OAUTH_PROVIDER_NAMES } from '../protocol/oauth-names.js';
import { readSettings, saveSettings } from './apps-store.js';
import { useSectionStyles, useStyles } from './context.js';
import { Alert, Field, SaveFooter } from './fields.js';
import { MoreSettings } from './MoreSettings.js';
import { originsOf } from './NewApp.js';
import { Preview } from './Preview.js';
import { type Form, moreChange, moreFormOf, setDraft } from './settings-form.js';
import { TEXT } from './texts.js';
import { SETTINGS_TEXT } from './texts-settings.js';

const T = TEXT.app;

/** The login methods' switches, by the names `gatehouse apps set` and the settings API use. */
const LOGIN_METHODS = Object.keys(T.methodNames).concat(oauthAppFlags());
/** Whether LANDING offers wallets before the other methods: the order the app sets. */
const WALLETS_FIRST = 'show_wallet_login_first';

/** A login method's name as the widget shows it ('Google'), its settings name beside it. */
function methodName(field: string): string {
  const provider = field.replace(/_oauth$/, '') as OAuthProvider;
  return (
    T.methodNames[field] ?? (OAUTH_PROVIDERS.includes(provider) ? OAUTH_PROVIDER_NAMES[provider] : field)
  );
}
const ORIGINS = 'allowed_origins';
/** The text fields, each with its label and hint; empty clears the setting. */
const TEXT_FIELDS = [
  { field: 'accent_color', label: T.accent, hint: T.accentHint },
  { field: 'logo_url', label: T.logo, hint: T.urlHint },
  { field: 'terms_and_conditions_url', label: T.terms, hint: T.urlHint },
  { field: 'privacy_policy_url', label: T.privacy, hint: T.urlHint },
  { field: 'allowed_origins', label: T.origins, hint: TEXT.newApp.originsHint },
];

function formOf(config: AppConfigWire): Form {
  const values = config as unknown as Record<string, unknown>;
  const form: Form = moreFormOf(config);
  for (const field of [...LOGIN_METHODS, WALLETS_FIRST]) form[field] = values[field] === true;
  for (const { field } of TEXT_FIELDS)
    form[field] = typeof values[field] === 'string' ? String(values[field]) : '';
  form[ORIGINS] = config.allowed_origins.join('\n');
  return form;
}

/** A field's value as the PATCH takes it and the configuration holds it. */
function wireValue(field: string, value: string | boolean): unknown {
  if (typeof value === 'boolean') return value;
  if (field === ORIGINS) return originsOf(value);
  return value.trim() === '' ? null : value.trim();
}

/** What the form changed from the settings read, as the PATCH takes it. */
function changesOf(form: Form, read: Form): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (value === read[key]) continue;
    const more = moreChange(key, value);
    if (more === undefined) changes[key] = wireValue(key, value);
    else if (more) changes[more.field] = more.value;
  }
  return changes;
}

/** The configuration the app would have with the form saved: what the preview draws. */
function draftOf(config: AppConfigWire, form: Form): AppConfigWire {
  const draft: Record<string, unknown> = { ...config };
  for (const [key, value] of Object.entries(form)) {
    const more = moreChange(key, value);
    if (more === undefined) draft[key] = wireValue(key, value);
    else if (more) setDraft(draft, more.field, more.value);
  }
  return draft as unknown as AppConfigWire;
}

/** The form's fields: the login methods' switches, then the text fields. */
function Fields({ form, set }: { form: Form; set: (field: string, value: string | boolean) => void }) {
  const styles = useStyles();
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{T.loginMethods}</legend>
        {LOGIN_METHODS.map((field) => (
          <label key={field} className={styles.check}>
            <input
              type="checkbox"
              checked={form[field] === true}
              onChange={(event) => set(field, event.currentTarget.checked)}
            />
            {methodName(field)} <span className={styles.code}>{field}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form[WALLETS_FIRST] === true}
          onChange={(event) => set(WALLETS_FIRST, event.currentTarget.checked)}
        />
        {SETTINGS_TEXT.walletsFirst} <span className={styles.code}>{WALLETS_FIRST}</span>
      </label>
      {TEXT_FIELDS.map(({ field, label, hint }) => (
        <Field
          key={field}
          id={`app-${field}`}
          label={label}
          hint={hint}
          value={String(form[field])}
          onValue={(value) => set(field, value)}
          multiline={field === ORIGINS}
        />
      ))}
    </>
  );
}

/** The settings' state: read once per app, saved as a PATCH of what changed; a refusal keeps the form. */
function useSettings(id: string) {
  const [read, setRead] = useState<Form | null>(null);
  const [config, setConfig] = useState<AppConfigWire | null>(null);
  const [configured, setConfigured] = useState<string[]>([]);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setRead(null);
    setForm(null);
    void readSettings(id).then((answer) => {
      setError(answer.ok ? null : answer.error.message);
      if (!answer.ok) return;
      setConfig(answer.data.config);
      setConfigured(answer.data.server_only_settings);
      setRead(formOf(answer.data.config));
      setForm(formOf(answer.data.config));
    });
  }, [id]);
  const save = async () => {
    if (!form || !read) return;
    setBusy(true);
    setSaved(false);
    const answer = await saveSettings(id, changesOf(form, read));
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
    if (!answer.ok) return;
    setConfig(answer.data.config);
    setConfigured(answer.data.server_only_settings);
    setRead(formOf(answer.data.config));
    setForm(formOf(answer.data.config));
    setSaved(true);
  };
  const set = (field: string, value: string | boolean) => {
    setSaved(false);
    setForm((now) => (now ? { ...now, [field]: value } : now));
  };
  const draft = useMemo(() => (config && form ? draftOf(config, form) : null), [config, form]);
  return { form, draft, configured, error, saved, busy, save, set };
}

/** The form, and the preview beside it on a wide screen (under it on a narrow one). */
const layoutStyles = ({ css }: Emotion) => ({
  beside: css`
    display: grid; gap: 24px; align-items: start;
    @media (min-width: 960px) { grid-template-columns: minmax(0, 1fr) 460px; }
  `,
});

/** An app's everyday settings as form fields; the API's refusal shows beside them. */
export function AppSettings({ id }: { id: string }) {
  const styles = useStyles();
  const layout = useSectionStyles(layoutStyles);
  const { form, draft, configured, error, saved, busy, save, set } = useSettings(id);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <section className={styles.part} aria-labelledby="app-settings">
      <h3 id="app-settings">{T.settings}</h3>
      {form ? (
        <div className={layout.beside}>
          <form className={styles.edit} onSubmit={onSubmit}>
            <Fields form={form} set={set} />
            <MoreSettings form={form} set={set} configured={configured} />
            <SaveFooter error={error} saved={saved} busy={busy} texts={T} />
          </form>
          {draft ? <Preview config={draft} /> : null}
        </div>
      ) : error ? (
        <Alert text={error} />
      ) : (
        <p role="status">{TEXT.loading}</p>
      )}
    </section>
  );
}
