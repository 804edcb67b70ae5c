/**
 * The user at the identity provider, played with a real HTTP client: cookies, redirects, the IdP's
 * login and consent forms, and Apple's auto-submitting form_post, until the browser would go to
 * the Gatehouse callback.
 */
import type { CallbackRequest } from './accounts.js';

type BrowserRequest = CallbackRequest;

export interface AuthorizeOptions {
  login?: string;
  deny?: boolean;
}

/** Follows `url` until the request goes to `callbackUrl`; `deny` presses the IdP's cancel instead of consenting. */
export async function authorizeAsUser(
  url: string,
  callbackUrl: string,
  options: AuthorizeOptions = {},
): Promise<CallbackRequest> {
  const jar = new Map<string, string>();
  let request: BrowserRequest = { url, method: 'GET' };
  for (let step = 0; step < 20; step++) {
    if (request.url.startsWith(callbackUrl)) {
      return { method: request.method, url: request.url, ...(request.form ? { form: request.form } : {}) };
    }
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: request.form ? new URLSearchParams(request.form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      jar.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      request = { url: new URL(location, request.url).href, method: 'GET' };
      continue;
    }
    request = submitPage(await pageOf(response), request.url, options);
  }
  throw new Error('Too many steps at the identity provider');
}

async function pageOf(response: Response): Promise<string> {
  const html = await response.text();
  if (response.status !== 200)
    throw new Error(
      `IdP answered ${response.status}: ${html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 600)}`,
    );
  return html;
}

/** What the user does on an IdP page: log in, consent (or cancel), or let the form_post submit. */
function submitPage(html: string, pageUrl: string, options: AuthorizeOptions): BrowserRequest {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`IdP page without a form: ${html.slice(0, 300)}`);
  const target = new URL(action, pageUrl).href;
  if (html.includes('name="login"')) {
    return {
      url: target,
      method: 'POST',
      form: { prompt: 'login', login: options.login ?? 'alice', password: 'x' },
    };
  }
  if (html.includes('value="consent"')) {
    const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
    return options.deny && abort
      ? { url: new URL(abort, pageUrl).href, method: 'GET' }
      : { url: target, method: 'POST', form: { prompt: 'consent' } };
  }
  // form_post (Apple): the auto-submitting form of hidden inputs.
  const form = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
      m[1] as string,
      (m[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"'),
    ]),
  );
  return { url: target, method: 'POST', form };
}
