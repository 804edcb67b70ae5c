/**
 * The console's look: light and dark by prefers-color-scheme, a visible focus ring, readable from
 * 390 px wide. Written through emotion into one <style> carrying the page's CSP nonce.
 */
import type { Emotion } from '@emotion/css/create-instance';

const COLORS = `
  --bg: #f6f7f9; --surface: #ffffff; --text: #1b1f24; --muted: #545d68; --line: #d4d9df;
  --accent: #1f5fbf; --accent-text: #ffffff; --error: #a4161a; --error-bg: #fdecec;
  --notice-bg: #eef4fc; --focus: #1f5fbf;
`;
const DARK_COLORS = `
  --bg: #111418; --surface: #1b2027; --text: #e9edf1; --muted: #a9b3bd; --line: #38414b;
  --accent: #7fb0ff; --accent-text: #0b1220; --error: #ffb4ab; --error-bg: #3a1416;
  --notice-bg: #172538; --focus: #9cc2ff;
`;

export function createStyles({ css, injectGlobal }: Emotion) {
  injectGlobal`
    :root { ${COLORS} color-scheme: light dark; }
    @media (prefers-color-scheme: dark) { :root { ${DARK_COLORS} } }
    * { box-sizing: border-box; }
    body {
      margin: 0; background: var(--bg); color: var(--text);
      font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    h1, h2, h3 { line-height: 1.25; margin: 0; }
  `;
  const button = css`
    font: inherit; font-weight: 600; min-height: 44px; padding: 0 18px; border-radius: 8px;
    border: 1px solid var(--accent); background: var(--accent); color: var(--accent-text); cursor: pointer;
    &:disabled { opacity: 0.6; cursor: progress; }
  `;
  return {
    page: css`max-width: 1080px; margin: 0 auto; padding: 16px;`,
    header: css`
      display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between;
      padding: 12px 16px; background: var(--surface); border-bottom: 1px solid var(--line);
    `,
    who: css`
      display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; min-width: 0;
      & h1 { font-size: 1.5rem; }
    `,
    email: css`font-weight: 600; overflow-wrap: anywhere;`,
    muted: css`color: var(--muted);`,
    card: css`
      background: var(--surface); border: 1px solid var(--line); border-radius: 12px;
      padding: 20px; margin: 16px 0;
    `,
    narrow: css`
      max-width: 440px; margin: 48px auto; width: calc(100% - 32px);
      @media (max-width: 480px) { margin-top: 16px; }
    `,
    form: css`display: grid; gap: 12px; margin-top: 16px; & p { margin: 0; }`,
    label: css`font-weight: 600;`,
    input: css`
      font: inherit; min-height: 44px; padding: 8px 12px; width: 100%; border-radius: 8px;
      border: 1px solid var(--muted); background: var(--surface); color: var(--text);
    `,
    button,
    secondary: css`${button}; background: transparent; color: var(--accent);`,
    link: css`
      font: inherit; background: none; border: 0; padding: 4px 0; color: var(--accent);
      text-decoration: underline; cursor: pointer; justify-self: start;
    `,
    error: css`
      margin: 0; padding: 10px 12px; border-radius: 8px; background: var(--error-bg); color: var(--error);
    `,
    notice: css`margin: 12px 0 0; padding: 10px 12px; border-radius: 8px; background: var(--notice-bg);`,
    apps: css`list-style: none; margin: 12px 0 0; padding: 0; display: grid; gap: 12px;`,
    app: css`border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px;`,
    facts: css`
      display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 8px 0 0;
      & dt { color: var(--muted); } & dd { margin: 0; overflow-wrap: anywhere; }
      @media (max-width: 480px) { grid-template-columns: 1fr; & dd { margin-bottom: 6px; } }
    `,
    code: css`font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em;`,
    scroll: css`overflow-x: auto; margin-top: 12px;`,
    table: css`
      width: 100%; border-collapse: collapse;
      & caption { text-align: left; color: var(--muted); padding-bottom: 8px; }
      & th, & td { text-align: left; padding: 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
      & td { overflow-wrap: break-word; }
    `,
    more: css`margin-top: 12px;`,
    hidden: css`
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
      white-space: nowrap;
    `,
    row: css`display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; justify-content: space-between;`,
    fieldset: css`
      border: 1px solid var(--line); border-radius: 8px; margin: 0; padding: 8px 12px 12px;
      display: grid; gap: 4px 16px; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
      & legend { font-weight: 600; padding: 0 4px; }
    `,
    check: css`
      display: flex; gap: 8px; align-items: center; min-height: 44px; overflow-wrap: anywhere;
      & input { width: 20px; height: 20px; margin: 0; flex: none; accent-color: var(--accent); }
    `,
    hint: css`color: var(--muted); font-size: 0.9rem;`,
    danger: css`${button}; border-color: var(--error); background: var(--error); color: var(--surface);
      &:disabled { cursor: not-allowed; }`,
    part: css`margin-top: 20px; padding-top: 16px; border-top: 1px solid var(--line);`,
    edit: css`display: grid; gap: 12px; margin-top: 12px; & p { margin: 0; } & > button { justify-self: start; }`,
    ok: css`margin: 0; padding: 10px 12px; border-radius: 8px; background: var(--notice-bg);`,
  };
}

export type Styles = ReturnType<typeof createStyles>;
