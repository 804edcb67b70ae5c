/**
 * The login modal's preview beside an app's settings: the preview page (CONSOLE_PREVIEW_PATH, the
 * built loader and widget on the provider's origin) in a frame, handed the draft by postMessage on
 * this origin only. Each change of the draft (after a pause in typing) or of the screen draws it
 * in a new frame: the widget reads an app's configuration once per page.
 */
import type { Emotion } from '@emotion/css/create-instance';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppConfigWire } from '../protocol/api.js';
import {
  CONSOLE_PREVIEW_PATH,
  PREVIEW_DRAFT,
  PREVIEW_READY,
  PREVIEW_SCREENS,
  PREVIEW_SHOWN,
  type PreviewDraftMessage,
  type PreviewScreen,
} from '../protocol/console-preview.js';
import { useSectionStyles, useStyles } from './context.js';
import { PREVIEW_TEXT as T } from './texts-preview.js';

/** How long the draft rests before it is drawn again (typing a colour draws it once). */
const REDRAW_AFTER_MS = 400;

const previewStyles = ({ css }: Emotion) => ({
  frame: css`
    display: block; width: 100%; height: 640px; margin-top: 8px; border: 1px solid var(--line);
    border-radius: 8px; background: var(--bg);
  `,
  screens: css`
    display: flex; flex-wrap: wrap; gap: 4px 16px; border: 0; margin: 8px 0 0; padding: 0;
    & legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
  `,
});

/** The value, once it has not changed for REDRAW_AFTER_MS. */
function useResting<T>(value: T): T {
  const [resting, setResting] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setResting(value), REDRAW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return resting;
}

/** Hands the frame its draft when it says it is ready; true once it has drawn it. */
function useDraw(frame: { current: HTMLIFrameElement | null }, draft: PreviewDraftMessage): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    setDrawn(false);
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (event.origin !== location.origin || !target || event.source !== target) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === PREVIEW_READY) target.postMessage(draft, location.origin);
      if (type === PREVIEW_SHOWN) setDrawn(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, draft]);
  return drawn;
}

/** The screen switcher (radio buttons: arrow keys move between them) and the frame. */
export function Preview({ config }: { config: AppConfigWire }) {
  const styles = useStyles();
  const own = useSectionStyles(previewStyles);
  const [screen, setScreen] = useState<PreviewScreen>('landing');
  // Compared as text: a change that leaves the configuration as it was (a secret typed) draws nothing.
  const resting = useResting(JSON.stringify(config));
  const draft = useMemo<PreviewDraftMessage>(
    () => ({ type: PREVIEW_DRAFT, screen, config: JSON.parse(resting) as PreviewDraftMessage['config'] }),
    [resting, screen],
  );
  const frame = useRef<HTMLIFrameElement>(null);
  const drawn = useDraw(frame, draft);
  return (
    <section aria-labelledby="app-preview">
      <h3 id="app-preview">{T.heading}</h3>
      <p className={styles.hint}>{T.hint}</p>
      <fieldset className={own.screens}>
        <legend>{T.screen}</legend>
        {PREVIEW_SCREENS.map((name) => (
          <label key={name} className={styles.check}>
            <input
              type="radio"
              name="preview-screen"
              value={name}
              checked={screen === name}
              onChange={() => setScreen(name)}
            />
            {T.screens[name]}
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>{T.review}</p>
      <p className={styles.hidden} role="status">
        {drawn ? '' : T.drawing}
      </p>
      <iframe
        key={JSON.stringify(draft)}
        ref={frame}
        className={own.frame}
        src={CONSOLE_PREVIEW_PATH}
        title={T.frame(T.screens[screen])}
        tabIndex={-1}
        inert
        aria-busy={!drawn}
        data-screen={screen}
        data-drawn={drawn ? 'true' : 'false'}
      />
    </section>
  );
}
