/** The HTTP side of an OAuth login: the provider's endpoints, the code exchange and JSON calls. */
import type { Endpoints, JsonAnswer, ProviderSettings, ProviderSpec, TokenAnswer } from './types.js';
import { ProviderError } from './types.js';

/** How long a provider has to answer one call. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The provider's real endpoints, each replaced by the app's override when it has one. */
export function endpointsOf(spec: ProviderSpec, settings: ProviderSettings): Endpoints {
  return {
    authorizationUrl: settings.authorization_url ?? spec.authorizationUrl,
    tokenUrl: settings.token_url ?? spec.tokenUrl,
    userinfoUrl: settings.userinfo_url ?? spec.userinfoUrl,
    issuer: settings.issuer ?? spec.issuer,
    jwksUrl: settings.jwks_url ?? spec.jwksUrl,
  };
}

export interface CodeExchange {
  spec: ProviderSpec;
  settings: ProviderSettings;
  endpoints: Endpoints;
  code: string;
  /** The PKCE verifier of the flow (sent when the provider takes PKCE). */
  verifier: string;
  redirectUri: string;
  now: number;
}

/** The authorization code for tokens, with the client authenticated as the provider wants it. */
export async function exchangeCode(fetch: FetchLike, exchange: CodeExchange): Promise<TokenAnswer> {
  const { spec, settings, endpoints } = exchange;
  const clientId = settings.client_id as string;
  const clientSecret = spec.clientSecret
    ? await spec.clientSecret(settings, exchange.now)
    : (settings.client_secret as string);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
  });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (spec.clientAuth === 'basic') {
    const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set(spec.clientIdParam ?? 'client_id', clientId);
    form.set('client_secret', clientSecret);
  }
  if (spec.pkce) form.set('code_verifier', exchange.verifier);
  const answer = await call(fetch, endpoints.tokenUrl, { method: 'POST', headers, body: form.toString() });
  const body = answer.body as Partial<TokenAnswer> | undefined;
  if (answer.status !== 200 || typeof body?.access_token !== 'string') {
    const reason = typeof body?.error === 'string' ? body.error : `status ${answer.status}`;
    throw new ProviderError(`${spec.name} token endpoint refused the code (${reason})`);
  }
  return body as TokenAnswer;
}

/** A GET with the user's access token, answered as JSON. */
export function getJson(
  fetch: FetchLike,
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  return call(fetch, url, {
    method: 'GET',
    headers: {
      accept: 'application/json',
      'user-agent': 'Gatehouse',
      ...headers,
      authorization: `Bearer ${accessToken}`,
    },
  });
}

async function call(fetch: FetchLike, url: string, init: RequestInit): Promise<JsonAnswer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}
