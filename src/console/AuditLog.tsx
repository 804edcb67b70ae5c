import type { Emotion } from '@emotion/css/create-instance';
import { useEffect } from 'react';
import { useSectionStyles, useStore, useStyles } from './context.js';
import { PageFooter } from './fields.js';
import { when } from './format.js';
import { $audit, loadAudit } from './store.js';
import { TEXT } from './texts.js';

const T = TEXT.audit;

/** Narrow screens: each entry a block of labelled lines (the label from its column), no sideways scroll. */
const auditStyles = ({ css }: Emotion) => ({
  table: css`
    & caption { caption-side: top; }
    @media (max-width: 600px) {
      & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
      & caption, & tbody, & tr, & td { display: block; }
      & tr { padding: 8px 0; border-bottom: 1px solid var(--line); }
      & td { border: 0; padding: 2px 0; display: grid; grid-template-columns: 5.5em minmax(0, 1fr); gap: 8px; }
      & td::before { content: attr(data-label); color: var(--muted); }
    }
  `,
});

/** The audit log, newest first, read when shown; 'Show more' reads the next page (a keyset cursor). */
export function AuditLog() {
  const styles = useStyles();
  const own = useSectionStyles(auditStyles);
  const listing = useStore($audit);
  const { rows } = listing;
  // Read afresh each time the section opens: changes made since then are at its top.
  useEffect(() => void loadAudit(null), []);
  return (
    <section className={styles.card} aria-labelledby="console-audit">
      <h2 id="console-audit">{T.heading}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus, for keyboards */}
      <section className={styles.scroll} aria-label={T.entries} tabIndex={0}>
        <table className={`${styles.table} ${own.table}`}>
          <caption>{T.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.who}</th>
              <th scope="col">{T.what}</th>
              <th scope="col">{T.target}</th>
              <th scope="col">{T.when}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {/* Every operator by email, as the server names them (`cli` is the shell's own operator). */}
                <td data-label={T.who}>{row.actor_email ?? row.actor}</td>
                <td data-label={T.what}>{T.actions[row.action] ?? row.action}</td>
                <td data-label={T.target}>{row.target}</td>
                <td data-label={T.when}>
                  <time dateTime={when(row.at).iso}>{when(row.at).text}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <PageFooter listing={listing} texts={{ ...T, loading: TEXT.loading }} onMore={() => void loadAudit()} />
    </section>
  );
}
