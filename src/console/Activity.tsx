/**
 * The Activity section: for one app (a select of the apps) and a range (24 hours, 7 or 30 days),
 * its logins by method, new users, login funnel, login errors and webhook deliveries, at a glance.
 */
import type { Emotion } from '@emotion/css/create-instance';
import { useEffect } from 'react';
import { ACTIVITY_RANGES, type ActivityWire } from '../protocol/console-activity.js';
import { BarTable, Columns, type Series, seriesColor } from './ActivityCharts.js';
import { $activity, loadActivity } from './activity-store.js';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { $apps } from './store.js';
import { ACTIVITY_TEXT as T } from './texts-activity.js';

const LIGHT = ['#1f5fbf', '#0b7a4b', '#8a4baf', '#a35c00', '#b3261e', '#00758f', '#5c636e'];
const DARK = ['#7fb0ff', '#5fd49a', '#d0a3ff', '#f0b35a', '#ff8a80', '#5cd0e6', '#aab1bb'];
const palette = (colors: string[]) => colors.map((c, i) => `--series-${i}: ${c};`).join(' ');

const activityStyles = ({ css }: Emotion) => ({
  section: css`
    ${palette(LIGHT)}
    @media (prefers-color-scheme: dark) { ${palette(DARK)} }
  `,
  controls: css`
    display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: end; margin-top: 12px;
    & > label { display: grid; gap: 4px; font-weight: 600; min-width: min(100%, 260px); }
  `,
  ranges: css`
    border: 0; margin: 0; padding: 0; min-width: 0;
    & legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
    & div { display: inline-flex; flex-wrap: wrap; border: 1px solid var(--muted); border-radius: 8px; overflow: hidden; }
    & input { position: absolute; opacity: 0; width: 1px; height: 1px; }
    & label { display: inline-flex; }
    & label + label span { border-left: 1px solid var(--muted); }
    & span { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px; cursor: pointer; }
    & input:checked + span { background: var(--accent); color: var(--accent-text); font-weight: 600; }
    & input:focus-visible + span { outline: 3px solid var(--focus); outline-offset: -3px; }
  `,
  grid: css`
    display: grid; gap: 16px; margin-top: 16px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
    & > section { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; min-width: 0; }
    & h3 { font-size: 1.1rem; }
    & p { margin: 6px 0; }
  `,
});

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

function loginSeries(data: ActivityWire): Series[] {
  return data.logins.map((s, i) => ({
    key: s.method,
    label: T.method(s.method),
    counts: s.counts,
    color: seriesColor(i),
  }));
}

function funnelRows(data: ActivityWire) {
  const steps = ['modal_opened', 'code_sent', 'logged_in', 'wallet_created'] as const;
  return steps.map((step, i) => {
    const before = i === 0 ? 0 : data.funnel[steps[i - 1] as (typeof steps)[number]];
    const count = data.funnel[step];
    return {
      key: step,
      label: T.funnel.steps[step],
      count,
      color: seriesColor(0),
      extra: i === 0 || before === 0 ? T.funnel.first : percent(count, before),
    };
  });
}

/** One chart's card, named by its heading. */
function Chart({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: preact.ComponentChildren;
}) {
  return (
    <section aria-labelledby={`activity-${id}`}>
      <h3 id={`activity-${id}`}>{heading}</h3>
      {children}
    </section>
  );
}

const total = (counts: number[]) => counts.reduce((a, n) => a + n, 0);

/** Logins by method and new users, over time. */
function TimeCharts({ data }: { data: ActivityWire }) {
  const logins = loginSeries(data);
  const loginTotal = logins.reduce((a, s) => a + total(s.counts), 0);
  const columns = { bucket: data.bucket, buckets: data.buckets };
  const newUsers = { key: 'new', label: T.newUsers.series, counts: data.new_users, color: seriesColor(1) };
  return (
    <>
      <Chart id="logins" heading={T.logins.heading}>
        {loginTotal === 0 ? (
          <p>{T.logins.none}</p>
        ) : (
          <Columns
            heading={T.logins.heading}
            summary={T.logins.summary(loginTotal)}
            legend
            series={logins}
            {...columns}
          />
        )}
      </Chart>
      <Chart id="users" heading={T.newUsers.heading}>
        <Columns
          heading={T.newUsers.heading}
          summary={T.newUsers.summary(total(data.new_users))}
          series={[newUsers]}
          {...columns}
        />
      </Chart>
    </>
  );
}

/** The funnel, the errors and the webhook deliveries, as bars in tables. */
function CountCharts({ data }: { data: ActivityWire }) {
  const W = T.webhooks.outcomes;
  const outcomes = [
    ['delivered', 1],
    ['failed', 4],
    ['pending', 6],
  ] as const;
  return (
    <>
      <Chart id="funnel" heading={T.funnel.heading}>
        <BarTable
          caption={T.funnel.caption}
          headers={[T.funnel.step, T.count, T.funnel.kept]}
          rows={funnelRows(data)}
        />
      </Chart>
      <Chart id="errors" heading={T.errors.heading}>
        {data.errors.length === 0 ? (
          <p>{T.errors.none}</p>
        ) : (
          <BarTable
            caption={T.errors.caption}
            headers={[T.errors.code, T.count]}
            rows={data.errors.map((e) => ({
              key: e.code,
              label: e.code,
              count: e.count,
              color: seriesColor(4),
            }))}
          />
        )}
      </Chart>
      <Chart id="webhooks" heading={T.webhooks.heading}>
        <BarTable
          caption={T.webhooks.caption}
          headers={[T.webhooks.outcome, T.count]}
          rows={outcomes.map(([key, color]) => ({
            key,
            label: W[key],
            count: data.webhooks[key],
            color: seriesColor(color),
          }))}
        />
      </Chart>
    </>
  );
}

/** The five charts of one answer. */
function Charts({ data }: { data: ActivityWire }) {
  const styles = useSectionStyles(activityStyles);
  return (
    <div className={styles.grid}>
      <TimeCharts data={data} />
      <CountCharts data={data} />
    </div>
  );
}

/** The app's select and the range's radio buttons (arrow keys move between them). */
function Controls() {
  const styles = useSectionStyles(activityStyles);
  const base = useStyles();
  const { rows } = useStore($apps);
  const { appId, range } = useStore($activity);
  return (
    <div className={styles.controls}>
      <label>
        {T.app}
        <select
          className={base.input}
          value={appId ?? ''}
          onChange={(e) => void loadActivity(e.currentTarget.value)}
        >
          {rows.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={styles.ranges}>
        <legend>{T.range}</legend>
        <div>
          {ACTIVITY_RANGES.map((id) => (
            <label key={id}>
              <input
                type="radio"
                name="activity-range"
                value={id}
                checked={range === id}
                onChange={() => void loadActivity(undefined, id)}
              />
              <span>{T.ranges[id]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function Activity() {
  const styles = useSectionStyles(activityStyles);
  const base = useStyles();
  const { rows, loading: appsLoading } = useStore($apps);
  const { appId, data, error, loading } = useStore($activity);
  // The first app until one is chosen (or the chosen one is deleted); read afresh on each visit.
  useEffect(() => {
    const known = rows.some((app) => app.id === appId);
    if (rows.length > 0) void loadActivity(known ? appId : (rows[0]?.id ?? null));
  }, [rows]);
  return (
    <section className={`${base.card} ${styles.section}`} aria-labelledby="console-activity">
      <h2 id="console-activity">{T.heading}</h2>
      {!appsLoading && rows.length === 0 ? <p className={base.muted}>{T.noApps}</p> : <Controls />}
      {data ? <p className={base.muted}>{T.utc(data.bucket)}</p> : null}
      <div role="status">{loading ? <p>{T.loading}</p> : null}</div>
      {error ? (
        <p className={base.error} role="alert">
          {error.message}
        </p>
      ) : null}
      {data && !loading ? <Charts data={data} /> : null}
    </section>
  );
}
