/**
 * The Activity section's charts, drawn as plain SVG: columns over time (stacked by series) and
 * bars in a table. Every number a chart draws is also in a table a screen reader reads (visually
 * hidden beside the columns; the bars' own table otherwise), and the SVG itself is hidden from it.
 */
import type { Emotion } from '@emotion/css/create-instance';
import { useSectionStyles, useStyles } from './context.js';
import { ACTIVITY_TEXT as T } from './texts-activity.js';

/** A colour per series, by index: each 3:1 or more against the cards, light and dark. */
const SERIES_COLORS = 7;
export const seriesColor = (index: number): string => `var(--series-${index % SERIES_COLORS})`;

export interface Series {
  key: string;
  label: string;
  counts: number[];
  color: string;
}

export interface BarRow {
  key: string;
  label: string;
  count: number;
  color: string;
  /** A third column's text (the funnel's share kept). */
  extra?: string;
}

const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);

/** A bucket's start (unix seconds) as its UTC hour or day. */
function bucketLabel(seconds: number, bucket: 'hour' | 'day'): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'hour'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Date(seconds * 1000).toLocaleString(undefined, options);
}

const chartStyles = ({ css }: Emotion) => ({
  plot: css`
    display: block; width: 100%; height: 160px; border-bottom: 1px solid var(--muted);
    & rect { stroke: var(--surface); stroke-width: 1px; vector-effect: non-scaling-stroke; }
  `,
  axis: css`display: flex; justify-content: space-between; gap: 8px; color: var(--muted); font-size: 0.875rem;`,
  legend: css`
    display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 8px 0 0; padding: 0;
    & li { display: inline-flex; align-items: center; gap: 6px; }
  `,
  swatch: css`display: inline-block; width: 12px; height: 12px; border-radius: 3px; flex: none;`,
  bars: css`
    width: 100%; border-collapse: collapse; margin-top: 4px; table-layout: fixed;
    & caption { text-align: left; color: var(--muted); padding-bottom: 8px; font-size: 0.9rem; }
    & th, & td { text-align: left; padding: 6px 4px; border-bottom: 1px solid var(--line); vertical-align: middle; }
    & thead th:first-child { width: 45%; }
    & th[scope='row'] { font-weight: 400; overflow-wrap: break-word; }
  `,
  kept: css`width: 4.5em; text-align: right !important; white-space: nowrap;`,
  amount: css`
    display: flex; align-items: center; gap: 8px; min-width: 0;
    & span { min-width: 3ch; text-align: right; font-variant-numeric: tabular-nums; }
    & svg { flex: 1; height: 12px; }
  `,
});

/** The numbers of a columns chart, one row a bucket: hidden from sight, read by screen readers. */
function ColumnsTable(props: {
  caption: string;
  bucket: 'hour' | 'day';
  buckets: number[];
  series: Series[];
}) {
  const styles = useStyles();
  const { caption, bucket, buckets, series } = props;
  return (
    <table className={styles.hidden}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.when(bucket)}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buckets.map((start, i) => (
          <tr key={start}>
            <th scope="row">{bucketLabel(start, bucket)}</th>
            {series.map((s) => (
              <td key={s.key}>{s.counts[i] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Columns over time, stacked by series, with their legend and (hidden) table. */
export function Columns(props: {
  heading: string;
  summary: string;
  bucket: 'hour' | 'day';
  buckets: number[];
  series: Series[];
  /** Name each series under the chart (always for logins: which method it was). */
  legend?: boolean;
}) {
  const styles = useSectionStyles(chartStyles);
  const { heading, summary, bucket, buckets, series, legend = series.length > 1 } = props;
  const totals = buckets.map((_, i) => series.reduce((total, s) => total + (s.counts[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = 10;
  return (
    <>
      <p>{summary}</p>
      <div className={styles.axis} aria-hidden="true">
        <span>{T.max(Math.max(0, ...totals))}</span>
      </div>
      <svg
        className={styles.plot}
        viewBox={`0 0 ${buckets.length * slot} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {buckets.map((start, i) => {
          let top = 100;
          return series.map((s) => {
            const height = ((s.counts[i] ?? 0) / max) * 100;
            top -= height;
            return height > 0 ? (
              <rect
                key={`${start}-${s.key}`}
                x={i * slot + 1.5}
                width={slot - 3}
                y={top}
                height={height}
                fill={s.color}
              />
            ) : null;
          });
        })}
      </svg>
      <div className={styles.axis} aria-hidden="true">
        <span>{bucketLabel(buckets[0] ?? 0, bucket)}</span>
        <span>{bucketLabel(buckets[buckets.length - 1] ?? 0, bucket)}</span>
      </div>
      {legend ? (
        <ul className={styles.legend}>
          {series.map((s) => (
            <li key={s.key}>
              <span className={styles.swatch} style={{ background: s.color }} aria-hidden="true" />
              {s.label}: {sum(s.counts)}
            </li>
          ))}
        </ul>
      ) : null}
      <ColumnsTable caption={heading} bucket={bucket} buckets={buckets} series={series} />
    </>
  );
}

/** Bars in a table: a row a label, its count drawn beside it (and a third column when given). */
export function BarTable(props: { caption: string; headers: string[]; rows: BarRow[] }) {
  const styles = useSectionStyles(chartStyles);
  const { caption, headers, rows } = props;
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <table className={styles.bars}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th key={header} scope="col" className={i === 2 ? styles.kept : undefined}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>
              <div className={styles.amount}>
                <span>{row.count}</span>
                <svg aria-hidden="true" focusable="false">
                  <rect width={`${(row.count / max) * 100}%`} height="12" rx="2" fill={row.color} />
                </svg>
              </div>
            </td>
            {row.extra === undefined ? null : <td className={styles.kept}>{row.extra}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
