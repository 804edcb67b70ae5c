/** What the Security and Operators sections share: their list's look, and a time. */
import type { Emotion } from '@emotion/css/create-instance';
import { useStyles } from './context.js';
import { when } from './format.js';
import { SECURITY_TEXT } from './texts-security.js';

export const securityStyles = ({ css }: Emotion) => ({
  list: css`list-style: none; margin: 12px 0 0; padding: 0; display: grid; gap: 12px;`,
  item: css`
    border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; display: grid; gap: 8px;
    & dl, & p, & h3, & h4 { margin: 0; }
  `,
  actions: css`display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center;`,
  check: css`display: flex; gap: 8px; align-items: flex-start; & input { margin-top: 5px; }`,
  kid: css`overflow-wrap: anywhere;`,
  sub: css`margin-top: 8px;`,
});

/** A time as a <time> element. */
export const At = ({ seconds }: { seconds: number }) => (
  <time dateTime={when(seconds).iso}>{when(seconds).text}</time>
);

/** Beside a button that asks first: takes the question back. */
export function Cancel({ onClick }: { onClick: () => void }) {
  const styles = useStyles();
  return (
    <button className={styles.link} type="button" onClick={onClick}>
      {SECURITY_TEXT.cancel}
    </button>
  );
}
