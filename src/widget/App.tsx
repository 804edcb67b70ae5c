import type { Emotion } from '@emotion/css/create-instance';
import { useLayoutEffect, useMemo } from 'react';
import type { Context } from '../core/context.js';
import { useStore, WidgetContext } from './context.js';
import { useLook } from './look.js';
import { Modal } from './Modal.js';
import { modalStyles } from './modal-styles.js';

export interface AppProps {
  ctx: Context;
  emotion: Emotion;
  /** The element whose shadow root holds the widget. */
  host: HTMLElement;
}

/**
 * The widget's root: its styles and the look they read (theme, accent, host variables: look.ts), the
 * host element placed in the host's parent node when rendering inline (render.inParentNodeId), and
 * the modal while it is open (once the host's variables are checked).
 */
export function App({ ctx, emotion, host }: AppProps) {
  const config = useStore(ctx.$config);
  const { open } = useStore(ctx.modal.$modal);
  const styles = useMemo(() => modalStyles(emotion), [emotion]);
  const look = useLook(config, useStore(ctx.$hostConfig));
  // The look as custom properties of the host element (CSSOM: no style attribute, for CSP), set
  // while rendering: before the modal's layout effects, whose focus forces the first layout, so
  // that layout is the themed card's and the first frame does not lay it out again.
  useMemo(() => {
    for (const [name, value] of Object.entries(look ?? {})) host.style.setProperty(`--gh-${name}`, value);
  }, [look, host]);
  const context = useMemo(() => look && { ctx, styles, emotion, look }, [ctx, styles, emotion, look]);
  const parent =
    !config.inDialog && config.parentNodeId ? document.getElementById(config.parentNodeId) : null;

  useLayoutEffect(() => {
    const target = parent ?? document.body;
    if (host.parentNode !== target) target.appendChild(host);
  }, [parent, host]);

  return (
    <div className={styles.root}>
      {open && context ? (
        <WidgetContext.Provider value={context}>
          <Modal inDialog={!parent} />
        </WidgetContext.Provider>
      ) : null}
    </div>
  );
}
