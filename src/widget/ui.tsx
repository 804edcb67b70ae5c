/**
 * The widget bundle (dist/client/widget/<version>/widget.js), imported by the loader. `mount()`
 * puts an open shadow root on <div id="gatehouse-root">, binds emotion to it (with the host's CSP
 * nonce) and renders the modal; the client logic is src/core.
 */
import createEmotion from '@emotion/css/create-instance';
import { render } from 'react-dom';
import { Gatehouse } from '../core/gatehouse.js';
import { HOST_ELEMENT_ID, type MountOptions, type WidgetHandle } from '../protocol/loader.js';
import { App } from './App.js';
import { injectBaseStyles } from './styles.js';

export function mount(options: MountOptions): WidgetHandle {
  const gatehouse = new Gatehouse({
    appId: options.appId,
    apiUrl: options.apiUrl,
    stores: options.stores,
    nonce: options.nonce,
  });
  const host = document.createElement('div');
  host.id = HOST_ELEMENT_ID;
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');

  const attach = () => {
    // Connected before the first style element goes in.
    document.body.appendChild(host);
    shadow.appendChild(container);
    // Not speedy: rules are text in nonced <style> elements, so they survive moving the host element.
    const emotion = createEmotion({
      key: 'gatehouse',
      container: shadow,
      nonce: options.nonce,
      speedy: false,
    });
    injectBaseStyles(emotion);
    render(<App gatehouse={gatehouse} emotion={emotion} host={host} />, container);
  };
  if (document.body) attach();
  else document.addEventListener('DOMContentLoaded', attach, { once: true });

  // When the app cannot start, nothing of the widget stays in the page.
  gatehouse.ready.catch(() => {
    render(null, container);
    host.remove();
  });

  return {
    ready: gatehouse.ready,
    call: (method, args) => gatehouse.call(method, args),
  };
}
