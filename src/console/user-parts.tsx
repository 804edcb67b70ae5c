/** The pieces of a user's page: a time, an action button, a table that scrolls sideways. */
import type { Emotion } from '@emotion/css/create-instance';
import { useState } from 'react';
import type { Answer } from './api.js';
import { useSectionStyles, useStyles } from './context.js';
import { Alert } from './fields.js';
import { when } from './format.js';
import { USERS_TEXT } from './texts-users.js';

/** The section's own rules: the search form in a row that wraps, the accounts listed one a line. */
export const usersStyles = ({ css }: Emotion) => ({
  search: css`
    display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: end; margin-top: 12px;
    & > div { display: grid; gap: 6px; flex: 1 1 240px; min-width: 0; }
    & select { min-height: 44px; }
  `,
  accounts: css`list-style: none; margin: 0; padding: 0; & li { overflow-wrap: anywhere; }`,
  actions: css`display: flex; flex-wrap: wrap; gap: 8px; align-items: center;`,
  /** A table's scrolling region: holds its visually hidden texts (no overflow of the page). */
  region: css`position: relative;`,
  /** A table's caption, shown above its scrolling region so that a narrow page shows it whole. */
  caption: css`margin: 12px 0 0; font-size: 0.95rem;`,
  /** An id or address, broken anywhere rather than widening its table. */
  wrap: css`overflow-wrap: anywhere;`,
});

/** A time in seconds as the reader's date and time; Never for none. */
export function Time({ at }: { at: number | null }) {
  if (at === null) return <>{USERS_TEXT.user.never}</>;
  const { iso, text } = when(at);
  return <time dateTime={iso}>{text}</time>;
}

/** A button whose action settles to the API's answer: busy meanwhile, its message announced if refused. */
export function Action({
  label,
  named,
  run,
  danger = false,
}: {
  label: string;
  named: string;
  run: () => Promise<Answer<unknown>>;
  danger?: boolean;
}) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    const answer = await run();
    setBusy(false);
    setError(answer.ok ? null : answer.error.message);
  };
  return (
    <>
      <button
        className={danger ? styles.danger : styles.secondary}
        type="button"
        disabled={busy}
        onClick={() => void onClick()}
      >
        {label}
        <span className={styles.hidden}> {named}</span>
      </button>
      <Alert text={error} />
    </>
  );
}

/** A table in a region that scrolls sideways (focusable, for keyboards) when the page is narrow. */
export function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: preact.ComponentChildren;
}) {
  const styles = useStyles();
  const own = useSectionStyles(usersStyles);
  // The caption shows above the region, whole at any width; the table keeps it for screen readers.
  return (
    <>
      <p className={`${styles.muted} ${own.caption}`} aria-hidden="true">
        {caption}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus, for keyboards */}
      <section className={`${styles.scroll} ${own.region}`} aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.hidden}>{caption}</caption>
          <thead>
            <tr>
              {head.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </section>
    </>
  );
}
