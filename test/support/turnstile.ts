import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, readBody } from './loopback.js';

/**
 * A local Cloudflare Turnstile on loopback, speaking Turnstile's protocol shapes:
 *
 * - `GET /turnstile/v0/api.js?render=explicit`: the page script, installing `window.turnstile`
 *   with `render(container, {sitekey, callback, 'error-callback', 'expired-callback'})`,
 *   `reset(id)`, `remove(id)` and `getResponse(id)`. `render` puts a challenge iframe (served
 *   from this origin) into the container; the frame posts its result back to the page, and the
 *   script calls the page's callbacks with a token or an error code.
 * - `POST /turnstile/v0/siteverify` (form-encoded `secret`, `response`, `remoteip`): answers
 *   `{success, error-codes, challenge_ts, hostname}` and accepts each token it issued once.
 *
 * `mode` decides what the next challenges do: `pass` (solved at once, as Turnstile's managed
 * mode does for most visitors), `interactive` (a "Verify you are human" checkbox to press) or
 * `fail` (error code 600010, as Turnstile reports a failed challenge).
 */
export type ChallengeMode = 'pass' | 'interactive' | 'fail';

/** Turnstile's "generic client execution error" of a failed challenge. */
export const CHALLENGE_FAILED_CODE = '600010';

interface Issued {
  siteKey: string;
  hostname: string;
  issuedAt: number;
  spent: boolean;
}

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string | null;
}

export class TurnstileStandIn {
  readonly siteKey = `0x4AAA${randomBytes(8).toString('hex')}`;
  readonly secretKey = `0x4AAA${randomBytes(16).toString('hex')}`;
  mode: ChallengeMode = 'pass';
  /** Challenges the frames asked for, in order, with what they were told. */
  readonly challenges: Array<{ siteKey: string; result: 'token' | 'error' | 'interactive' }> = [];
  readonly verifyCalls: SiteverifyCall[] = [];
  private readonly issued = new Map<string, Issued>();
  private readonly server: Server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  private port = 0;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get scriptUrl(): string {
    return `${this.origin}/turnstile/v0/api.js?render=explicit`;
  }

  get verifyUrl(): string {
    return `${this.origin}/turnstile/v0/siteverify`;
  }

  /** The `t:`-prefixed site key Gatehouse is configured with. */
  get gatehouseSiteKey(): string {
    return `t:${this.siteKey}`;
  }

  /** A token as a solved challenge would hand to the page. */
  issue(siteKey = this.siteKey, hostname = 'localhost'): string {
    const token = `XXXX.DUMMY.${randomBytes(24).toString('base64url')}`;
    this.issued.set(token, { siteKey, hostname, issuedAt: Date.now(), spent: false });
    return token;
  }

  async start(): Promise<void> {
    this.port = await listenOnLoopback(this.server);
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    if (req.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
      res
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
        .end(pageScript(this.origin));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/turnstile/v0/frame') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FRAME_HTML);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/turnstile/v0/challenge') {
      const body = JSON.parse(await readBody(req)) as { sitekey: string; clicked: boolean; hostname: string };
      const answer = this.challenge(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/turnstile/v0/siteverify') {
      const form = new URLSearchParams(await readBody(req));
      const call: SiteverifyCall = {
        secret: form.get('secret') ?? '',
        response: form.get('response') ?? '',
        remoteip: form.get('remoteip'),
      };
      this.verifyCalls.push(call);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.siteverify(call)));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  private challenge(body: { sitekey: string; clicked: boolean; hostname: string }): object {
    if (body.sitekey !== this.siteKey || this.mode === 'fail') {
      this.challenges.push({ siteKey: body.sitekey, result: 'error' });
      return { error: CHALLENGE_FAILED_CODE };
    }
    if (this.mode === 'interactive' && !body.clicked) {
      this.challenges.push({ siteKey: body.sitekey, result: 'interactive' });
      return { interactive: true };
    }
    this.challenges.push({ siteKey: body.sitekey, result: 'token' });
    return { token: this.issue(body.sitekey, body.hostname) };
  }

  /** Siteverify's rules: the right secret, a token this peer issued, used once. */
  private siteverify(call: SiteverifyCall): object {
    if (call.secret === '') return { success: false, 'error-codes': ['missing-input-secret'] };
    if (call.secret !== this.secretKey) return { success: false, 'error-codes': ['invalid-input-secret'] };
    if (call.response === '') return { success: false, 'error-codes': ['missing-input-response'] };
    const issued = this.issued.get(call.response);
    if (!issued || issued.siteKey !== this.siteKey) {
      return { success: false, 'error-codes': ['invalid-input-response'] };
    }
    if (issued.spent) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    issued.spent = true;
    return {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(issued.issuedAt).toISOString(),
      hostname: issued.hostname,
    };
  }
}

/** window.turnstile on the host page; talks to its frames by postMessage with exact origins. */
function pageScript(origin: string): string {
  return `(() => {
  const FRAME_ORIGIN = ${JSON.stringify(origin)};
  const widgets = new Map();
  let next = 0;
  window.addEventListener('message', (event) => {
    if (event.origin !== FRAME_ORIGIN || !event.data || event.data.source !== 'turnstile-stand-in') return;
    const widget = widgets.get(event.data.widgetId);
    if (!widget || event.source !== widget.iframe.contentWindow) return;
    const params = widget.params;
    if (event.data.event === 'complete') {
      widget.token = event.data.token;
      if (params.callback) params.callback(event.data.token);
    } else if (event.data.event === 'error') {
      if (params['error-callback']) params['error-callback'](event.data.code);
    } else if (event.data.event === 'expired') {
      widget.token = null;
      if (params['expired-callback']) params['expired-callback'](event.data.token);
    }
  });
  const frameUrl = (id, params) =>
    FRAME_ORIGIN + '/turnstile/v0/frame?' + new URLSearchParams({
      id, sitekey: String(params.sitekey), parent: location.origin, hostname: location.hostname,
    }).toString();
  window.turnstile = {
    render(container, params) {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      if (!element) throw new Error('[Cloudflare Turnstile] Unable to find a container');
      if (!params || !params.sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing sitekey');
      next += 1;
      const id = 'cf-chl-widget-' + next;
      const iframe = document.createElement('iframe');
      iframe.title = 'Widget containing a Cloudflare security challenge';
      iframe.width = '300';
      iframe.height = '65';
      iframe.src = frameUrl(id, params);
      element.appendChild(iframe);
      widgets.set(id, { iframe, params, token: null });
      return id;
    },
    reset(id) {
      const widget = widgets.get(id);
      if (!widget) return;
      widget.token = null;
      widget.iframe.src = frameUrl(id, widget.params) + '&reset=' + Date.now();
    },
    remove(id) {
      const widget = widgets.get(id);
      if (!widget) return;
      widget.iframe.remove();
      widgets.delete(id);
    },
    getResponse(id) {
      const widget = widgets.get(id);
      return widget ? widget.token || undefined : undefined;
    },
  };
})();
`;
}

/** The challenge frame: asks this peer for a result and posts it to the page's exact origin. */
const FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Turnstile challenge</title></head>
<body>
<button type="button" id="verify" hidden>Verify you are human</button>
<p id="status" role="status">Verifying…</p>
<script>
  const query = new URLSearchParams(location.search);
  const parentOrigin = query.get('parent');
  const post = (message) =>
    parent.postMessage({ source: 'turnstile-stand-in', widgetId: query.get('id'), ...message }, parentOrigin);
  const status = document.getElementById('status');
  const button = document.getElementById('verify');
  async function run(clicked) {
    const response = await fetch('/turnstile/v0/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sitekey: query.get('sitekey'), hostname: query.get('hostname'), clicked }),
    });
    const answer = await response.json();
    if (answer.interactive) {
      status.textContent = '';
      button.hidden = false;
    } else if (answer.token) {
      button.hidden = true;
      status.textContent = 'Success!';
      post({ event: 'complete', token: answer.token });
    } else {
      button.hidden = true;
      status.textContent = 'Verification failed';
      post({ event: 'error', code: answer.error });
    }
  }
  button.addEventListener('click', () => run(true));
  run(false);
</script>
</body></html>`;
