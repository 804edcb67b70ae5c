import { useEffect, useState } from 'react';
import type { WebhookDeliveryWire } from '../protocol/console-webhooks.js';
import { useStore, useStyles } from './context.js';
import { Alert } from './fields.js';
import { when } from './format.js';
import { TEXT } from './texts.js';
import { WEBHOOK_TEXT as T } from './texts-webhooks.js';
import { $deliveries, loadDeliveries, refreshDeliveries, replayDelivery } from './webhooks-store.js';

const C = T.columns;

/** A time of the log, or a dash when there is none. */
function Time({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <>{T.noNext}</>;
  const time = when(seconds);
  return <time dateTime={time.iso}>{time.text}</time>;
}

/** One delivery's row; Replay queues it again. */
function Row({ row, onReplay }: { row: WebhookDeliveryWire; onReplay: (row: WebhookDeliveryWire) => void }) {
  const styles = useStyles();
  return (
    <tr>
      <td className={styles.code}>{row.event}</td>
      <td>
        <Time seconds={row.created_at} />
      </td>
      <td>{T.status[row.status]}</td>
      <td>{row.attempts}</td>
      <td>{row.last_status ?? T.noResponse}</td>
      <td>
        <Time seconds={row.next_attempt_at} />
      </td>
      <td>
        <button
          className={styles.secondary}
          type="button"
          aria-label={T.replayLabel(row.event, row.id)}
          onClick={() => onReplay(row)}
        >
          {T.replay}
        </button>
      </td>
    </tr>
  );
}

/** The log's table, in a region that scrolls sideways and takes the focus for keyboards. */
function Table({
  rows,
  onReplay,
}: {
  rows: WebhookDeliveryWire[];
  onReplay: (row: WebhookDeliveryWire) => void;
}) {
  const styles = useStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus, for keyboards
    <section className={styles.scroll} aria-label={T.log} tabIndex={0}>
      <table className={styles.table}>
        <caption>{T.log}</caption>
        <thead>
          <tr>
            {[C.event, C.created, C.status, C.attempts, C.response, C.next, C.action].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.id} row={row} onReplay={onReplay} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * An app's deliveries, newest first, read when shown; 'Show more' reads the next page (keyset),
 * Refresh reads the first again. After a replay the log is read again until the attempt ends.
 */
export function WebhookLog({ id }: { id: string }) {
  const styles = useStyles();
  const listing = useStore($deliveries);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => void loadDeliveries(id), [id]);
  const shown = listing.appId === id;
  const rows = shown ? listing.rows : [];
  const onReplay = async (row: WebhookDeliveryWire) => {
    setNotice(null);
    const answer = await replayDelivery(id, row.id);
    setError(answer.ok ? null : answer.error.message);
    if (answer.ok) setNotice(T.replayed(row.event));
  };
  return (
    <section className={styles.part} aria-labelledby="webhook-log">
      <div className={styles.row}>
        <h4 id="webhook-log">{T.logHeading}</h4>
        <button className={styles.secondary} type="button" onClick={() => void refreshDeliveries(id)}>
          {T.refresh}
        </button>
      </div>
      <p className={styles.muted}>{T.logCaption}</p>
      <Table rows={rows} onReplay={(row) => void onReplay(row)} />
      {shown && !listing.loading && !listing.error && rows.length === 0 ? (
        <p className={styles.muted}>{T.none}</p>
      ) : null}
      <Alert text={error ?? (shown ? (listing.error?.message ?? null) : null)} />
      <div role="status">
        {notice ? <p className={styles.ok}>{notice}</p> : null}
        {listing.loading ? <p>{rows.length > 0 ? T.loadingMore : TEXT.loading}</p> : null}
      </div>
      {shown && listing.cursor !== null && !listing.loading ? (
        <button
          className={`${styles.secondary} ${styles.more}`}
          type="button"
          onClick={() => void loadDeliveries(id, listing.cursor)}
        >
          {T.more}
        </button>
      ) : null}
    </section>
  );
}
