/**
 * The widget's UI chunk, fetched by ./index.ts when the modal first opens: binds emotion to the
 * shadow root (with the host's CSP nonce) and renders the modal.
 */
import createEmotion from '@emotion/css/create-instance';
import { render } from 'react-dom';
import type { Context } from '../core/context.js';
import { App } from './App.js';
import { preloadScreens } from './screen-views.js';

export interface UiOptions {
  ctx: Context;
  /** <div id="gatehouse-root">, already in the page. */
  host: HTMLElement;
  shadow: ShadowRoot;
  nonce?: string;
  /** Called once the first render is on screen. */
  painted?: () => void;
}

/** Renders the widget into the shadow root; the returned function takes it out again. */
export function renderUi({ ctx, host, shadow, nonce, painted }: UiOptions): () => void {
  const container = document.createElement('div');
  shadow.appendChild(container);
  // Not speedy: rules are text in nonced <style> elements, so they survive moving the host element.
  const emotion = createEmotion({ key: 'gatehouse', container: shadow, nonce, speedy: false });
  render(<App ctx={ctx} emotion={emotion} host={host} />, container);
  // After the first paint: what the next screens need is fetched while the visitor reads LANDING.
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted?.();
      preloadScreens();
    }, 0),
  );
  return () => render(null, container);
}
