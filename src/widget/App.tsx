import type { Emotion } from '@emotion/css/create-instance';
import { useLayoutEffect, useMemo } from 'react';
import type { Context } from '../core/context.js';
import { useStore, WidgetContext } from './context.js';
import { Modal } from './Modal.js';
import { createStyles } from './styles.js';

export interface AppProps {
  ctx: Context;
  emotion: Emotion;
  /** The element whose shadow root holds the widget. */
  host: HTMLElement;
}

/**
 * The widget's root: styles for the configured theme and accent, the host element placed in the
 * host's parent node when rendering inline (render.inParentNodeId), and the modal while it is open.
 */
export function App({ ctx, emotion, host }: AppProps) {
  const config = useStore(ctx.$config);
  const { open } = useStore(ctx.modal.$modal);
  const styles = useMemo(
    () => createStyles(emotion, config.theme, config.accentColor),
    [emotion, config.theme, config.accentColor],
  );
  const context = useMemo(() => ({ ctx, styles, emotion }), [ctx, styles, emotion]);
  const parent =
    !config.inDialog && config.parentNodeId ? document.getElementById(config.parentNodeId) : null;

  useLayoutEffect(() => {
    const target = parent ?? document.body;
    if (host.parentNode !== target) target.appendChild(host);
  }, [parent, host]);

  return (
    <WidgetContext.Provider value={context}>
      <div className={styles.root}>{open ? <Modal inDialog={!parent} /> : null}</div>
    </WidgetContext.Provider>
  );
}
