import type { Emotion } from '@emotion/css/create-instance';
import { type FormEvent, useEffect, useState } from 'react';
import { WEBHOOK_EVENT_TYPES } from '../protocol/backend-api.js';
import type { WebhookSettingsWire } from '../protocol/console-webhooks.js';
import type { WebhookChanges } from './api-webhooks.js';
import { useSectionStyles, useStyles } from './context.js';
import { Alert, Field, SaveFooter } from './fields.js';
import { NewSecret } from './NewSecret.js';
import { TEXT } from './texts.js';
import { WEBHOOK_TEXT as T } from './texts-webhooks.js';
import { WebhookLog } from './WebhookLog.js';
import { readWebhooks, rotateSecret, saveWebhooks } from './webhooks-store.js';

/** What the form changed from the settings read: a URL only when one is typed. */
function changesOf(read: WebhookSettingsWire, url: string, events: string[], enabled: boolean) {
  const changes: WebhookChanges = {};
  if (url.trim() !== '') changes.url = url.trim();
  if (events.join(',') !== read.events.join(',')) changes.events = events;
  if (enabled !== read.enabled) changes.enabled = enabled;
  return changes;
}

const webhookStyles = ({ css }: Emotion) => ({
  /** Wide enough for the longest event's name on one line. */
  events: css`grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));`,
});

/** The events as checkboxes, in the provider's order, and the switch that pauses them all. */
function EventChoices(props: {
  events: string[];
  setEvents: (events: string[]) => void;
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}) {
  const styles = useStyles();
  const own = useSectionStyles(webhookStyles);
  const toggle = (type: string, on: boolean) =>
    props.setEvents(WEBHOOK_EVENT_TYPES.filter((item) => (item === type ? on : props.events.includes(item))));
  return (
    <>
      <fieldset className={`${styles.fieldset} ${own.events}`}>
        <legend>{T.events}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className={styles.check}>
            <input
              type="checkbox"
              checked={props.events.includes(type)}
              onChange={(event) => toggle(type, event.currentTarget.checked)}
            />
            <span className={styles.code}>{type}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={props.enabled}
          onChange={(event) => props.setEnabled(event.currentTarget.checked)}
        />
        {T.enabled}
      </label>
    </>
  );
}

/** The URL, the events and the switch, saved as one PATCH of what changed; a refusal keeps the form. */
function Settings({
  id,
  read,
  onRead,
}: {
  id: string;
  read: WebhookSettingsWire;
  onRead: (s: WebhookSettingsWire) => void;
}) {
  const styles = useStyles();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState(read.events as string[]);
  const [enabled, setEnabled] = useState(read.enabled);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    const answer = await saveWebhooks(id, changesOf(read, url, events, enabled));
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
    if (!answer.ok) return;
    setUrl('');
    setSaved(true);
    onRead(answer.data);
  };
  return (
    <form className={styles.edit} onSubmit={onSubmit}>
      <Field id="webhook-url" label={T.url} hint={T.urlHint(read.url_origin)} value={url} onValue={setUrl} />
      <EventChoices events={events} setEvents={setEvents} enabled={enabled} setEnabled={setEnabled} />
      <SaveFooter error={error} saved={saved} busy={busy} texts={T} />
    </form>
  );
}

/** Make a new signing secret: shown once; the settings say one exists from then on. */
function Secret({ id, has, onMade }: { id: string; has: boolean; onMade: () => void }) {
  const styles = useStyles();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    const answer = await rotateSecret(id);
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
    if (!answer.ok) return;
    setSecret(answer.data.secret);
    onMade();
  };
  return (
    <section className={styles.part} aria-labelledby="webhook-secret-heading">
      <h4 id="webhook-secret-heading">{T.secretHeading}</h4>
      <div className={styles.edit}>
        <p>{has ? T.hasSecret : T.noSecret}</p>
        <Alert text={error} />
        <button className={styles.secondary} type="button" disabled={busy} onClick={() => void make()}>
          {busy ? T.rotating : T.rotate}
        </button>
      </div>
      {secret ? (
        <NewSecret key={secret} id="webhook-secret" secret={secret} texts={{ ...T, label: T.newSecret }} />
      ) : null}
    </section>
  );
}

/** An app's webhooks: settings, the signing secret, and the delivery log. */
export function Webhooks({ id }: { id: string }) {
  const styles = useStyles();
  const [read, setRead] = useState<WebhookSettingsWire | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void readWebhooks(id).then((answer) => {
      setError(answer.ok ? null : answer.error.message);
      if (answer.ok) setRead(answer.data);
    });
  }, [id]);
  return (
    <section className={styles.part} aria-labelledby="app-webhooks">
      <h3 id="app-webhooks">{T.heading}</h3>
      <p className={styles.muted}>{T.intro}</p>
      {read ? (
        <>
          <Settings id={id} read={read} onRead={setRead} />
          <Secret id={id} has={read.has_secret} onMade={() => setRead({ ...read, has_secret: true })} />
        </>
      ) : error ? (
        <Alert text={error} />
      ) : (
        <p role="status">{TEXT.loading}</p>
      )}
      <WebhookLog id={id} />
    </section>
  );
}
