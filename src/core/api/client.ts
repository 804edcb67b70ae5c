import {
  API_RETRIES,
  API_RETRY_DELAY_MS,
  API_RETRY_STATUSES,
  API_TIMEOUT_MS,
  CLIENT_NAME,
  HEADERS,
} from '../../protocol/constants.js';
import { SDK_VERSION } from '../../protocol/version.js';
import * as CODES from '../errors/codes.js';
import type { ErrorCode } from '../errors/error-code.js';
import { clientError, GatehouseError, unreachable } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  apiUrl: string;
  appId: string;
  clientAnalyticsId: string;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Sent as `Authorization: Bearer …` when given. */
  token?: string | null;
  /** Headers of this call besides the client's own (a Farcaster channel token). */
  headers?: Record<string, string>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** The provider's API (§7): JSON in and out, spec headers, retries, timeout, `{code, message}` errors. */
export class ApiClient {
  readonly apiUrl: string;
  private readonly headers: Record<string, string>;
  private readonly fetch: FetchLike;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;

  constructor(options: ApiClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.headers = {
      [HEADERS.appId]: options.appId,
      [HEADERS.clientAnalyticsId]: options.clientAnalyticsId,
      [HEADERS.client]: `${CLIENT_NAME}:${SDK_VERSION}`,
    };
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? defaultSleep;
    this.timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>(path, { method: 'GET' });
  }

  post<T>(path: string, body: unknown = {}, token?: string | null): Promise<T> {
    return this.request<T>(path, { method: 'POST', body, token });
  }

  /** Retries up to API_RETRIES times, API_RETRY_DELAY_MS apart, while the status is one of API_RETRY_STATUSES. */
  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(path, options);
      if (answer.ok) return answer.body as T;
      if (attempt < API_RETRIES && API_RETRY_STATUSES.includes(answer.status)) {
        await this.sleep(API_RETRY_DELAY_MS);
        continue;
      }
      throw toApiError(answer);
    }
  }

  private async send(path: string, options: RequestOptions): Promise<Answer> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'include' };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const controller = new AbortController();
    init.signal = controller.signal;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const response = await this.fetch(this.apiUrl + path, init);
      const text = await response.text();
      return { status: response.status, ok: response.ok, body: parseBody(text, response.ok) };
    } catch (error) {
      if (error instanceof GatehouseError) throw error;
      if (timedOut) throw clientError(CODES.timeout, MESSAGES.requestTimedOut);
      throw unreachable(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

function parseBody(text: string, ok: boolean): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    // An error page that is not JSON still maps by its status.
    if (!ok) return undefined;
    throw clientError(CODES.invalidResponse, MESSAGES.unexpectedResponse, error);
  }
}

function toApiError(answer: Answer): GatehouseError {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  // The provider's codes (API_ERRORS), carried as they come.
  const code = typeof body?.code === 'string' ? (body.code as ErrorCode) : CODES.unknown;
  const message = typeof body?.message === 'string' ? body.message : MESSAGES.requestFailed(answer.status);
  return new GatehouseError({ type: 'api_error', code, message, status: answer.status, details: body });
}
