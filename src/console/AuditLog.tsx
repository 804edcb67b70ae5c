import { useEffect } from 'react';
import type { Operator } from './api.js';
import { useStore, useStyles } from './context.js';
import { PageFooter } from './fields.js';
import { when } from './format.js';
import { $audit, loadAudit } from './store.js';
import { TEXT } from './texts.js';

const T = TEXT.audit;

/** The audit log, newest first, read when shown; 'Show more' reads the next page (a keyset cursor). */
export function AuditLog({ operator }: { operator: Operator }) {
  const styles = useStyles();
  const listing = useStore($audit);
  const { rows } = listing;
  // Read afresh each time the section opens: changes made since then are at its top.
  useEffect(() => void loadAudit(null), []);
  // The signed-in operator's own rows name her by her email; others by their id (`cli`: the shell).
  const who = (actor: string) => (actor === operator.id ? operator.email : actor);
  return (
    <section className={styles.card} aria-labelledby="console-audit">
      <h2 id="console-audit">{T.heading}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways takes focus, for keyboards */}
      <section className={styles.scroll} aria-label={T.entries} tabIndex={0}>
        <table className={styles.table}>
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
                <td>{who(row.actor)}</td>
                <td>{T.actions[row.action] ?? row.action}</td>
                <td>{row.target}</td>
                <td>
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
