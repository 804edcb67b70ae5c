import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, readBody } from './loopback.js';
import { buyPage, errorPage, paidPage } from './moonpay-pages.js';

/**
 * A local stand-in for MoonPay, speaking the two parts of its protocol Gatehouse uses, on
 * loopback (tests start it on a free port; `npm start` runs it as the demo's clearly labelled
 * stand-in). Nothing is charged and nothing leaves the machine.
 *
 * - The buy widget (`GET /buy?…&signature=…`): refuses a URL whose signature does not check out
 *   exactly as MoonPay checks it (HMAC-SHA256 under the secret key of the URL's `apiKey`, over the
 *   query string with its leading '?' up to the last parameter `signature`, base64), and otherwise
 *   shows a tiny buy page whose buttons 'pay' (`POST /buy/pay`).
 * - Transactions by external id (`GET /v1/transactions/ext/{id}?apiKey=<publishable key>`, CORS
 *   open, as the widget polls it from the host page): 404 until the purchase is paid, then an
 *   array with the transaction, whose status follows a script the test controls.
 */

export interface MoonpayAccount {
  publishableKey: string;
  secretKey: string;
}

/** Keys in MoonPay's format (pk_test_…, sk_test_…). */
export function moonpayAccount(): MoonpayAccount {
  return {
    publishableKey: `pk_test_${randomBytes(16).toString('hex')}`,
    secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
  };
}

/** What one status call answers: a transaction status, or an HTTP error status (404, 500…). */
export type StatusStep = string | number;
/** How a purchase ends, as the buy page's buttons choose it. */
export type PurchaseOutcome = 'completed' | 'failed' | 'waitingAuthorization';

/** One purchase paid on the buy page, with the transaction MoonPay would answer for it. */
export interface Purchase {
  externalTransactionId: string;
  walletAddress: string;
  email: string | null;
  /** The remaining status answers; the last one repeats. */
  steps: StatusStep[];
  transaction: Record<string, unknown>;
}

export interface MoonpayPeerOptions {
  /** A fixed port (the demo); default any free one. */
  port?: number;
  /** US dollars per unit bought, for the quote. */
  priceUsd?: number;
  /**
   * Called once, before a purchase first answers `completed` (the funds 'arrive'): the demo sends
   * the tokens on its dev chain here. Its result becomes `cryptoTransactionId`; a throw answers 500.
   */
  onCompleted?: (purchase: Purchase) => Promise<string | undefined> | string | undefined;
}

/** Fees of every purchase, in US dollars. */
export const STAND_IN_FEES = { feeAmount: 3.99, extraFeeAmount: 0, networkFeeAmount: 0.56 };

/** The widget's checks, exactly as MoonPay makes them; undefined when the URL is valid. */
export function signatureProblem(
  rawUrl: string,
  secretOf: (apiKey: string) => string | undefined,
): string | undefined {
  const queryStart = rawUrl.indexOf('?');
  const marker = rawUrl.lastIndexOf('&signature=');
  if (queryStart < 0 || marker < queryStart) return 'The URL carries no signature.';
  const signed = rawUrl.slice(queryStart, marker);
  const signature = decodeURIComponent(rawUrl.slice(marker + '&signature='.length));
  const secret = secretOf(new URLSearchParams(signed).get('apiKey') ?? '');
  if (secret === undefined) return 'Invalid API key.';
  const expected = createHmac('sha256', secret).update(signed).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'The signature of this URL is invalid: the URL was changed after it was signed.';
  }
  return undefined;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json';
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers }).end(text);
}

const CORS = { 'access-control-allow-origin': '*' };
/** MoonPay's error bodies. */
const ERROR_BODIES: Record<number, { message: string; type: string }> = {
  401: { message: 'Invalid API key', type: 'UnauthorizedError' },
  404: { message: 'Transaction not found', type: 'NotFoundError' },
  500: { message: 'Internal error', type: 'InternalServerError' },
};

export class MoonpayPeer {
  /** Answers of the next status calls, before anything else (e.g. 500, 500, 500). */
  readonly queued: StatusStep[] = [];
  /** Status answers of a paid purchase before its outcome, one per call. */
  pendingSteps: StatusStep[] = ['pending'];
  readonly purchases = new Map<string, Purchase>();
  /** Every buy page load: the URL as received and why it was refused, if it was. */
  readonly widgetLoads: Array<{ url: string; refused?: string }> = [];
  /** Every status call: the external id, the apiKey and the Origin it came with, and the answer. */
  readonly statusCalls: Array<{
    externalTransactionId: string;
    apiKey: string | null;
    origin?: string;
    answer: StatusStep;
  }> = [];
  private readonly server: Server;
  port = 0;

  constructor(
    readonly account: MoonpayAccount,
    private readonly options: MoonpayPeerOptions = {},
  ) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => send(response, 500, { message: 'Internal error' }));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What `moonpay.widget_url` (or `sandbox_widget_url`) points at. */
  get widgetUrl(): string {
    return `${this.url}/buy`;
  }

  /** What `moonpay.api_url` (or `sandbox_api_url`) points at. */
  get apiUrl(): string {
    return this.url;
  }

  /** The `gatehouse apps set` assignments that turn an app's on-ramp on against this peer, in sandbox mode. */
  appSettings(): string[] {
    return [
      'fiat_on_ramp_enabled=true',
      'fiat_on_ramp_use_sandbox=true',
      `moonpay.publishable_key=${this.account.publishableKey}`,
      `moonpay.secret_key=${this.account.secretKey}`,
      `moonpay.sandbox_widget_url=${this.widgetUrl}`,
      `moonpay.sandbox_api_url=${this.apiUrl}`,
    ];
  }

  async start(): Promise<void> {
    this.port = await listenOnLoopback(this.server, this.options.port ?? 0);
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }

  /** Whether MoonPay would load this signed widget URL. */
  verify(url: string): boolean {
    const { pathname, search } = new URL(url);
    return signatureProblem(pathname + search, (key) => this.secretOf(key)) === undefined;
  }

  /** The buy page's Pay button for the purchase of a signed URL the page showed. */
  pay(externalTransactionId: string, outcome: PurchaseOutcome = 'completed', amountUsd = 100): Purchase {
    const load = [...this.widgetLoads]
      .reverse()
      .find((entry) => !entry.refused && entry.url.includes(externalTransactionId));
    if (!load) throw new Error(`No buy page was loaded for ${externalTransactionId}.`);
    const params = new URLSearchParams(load.url.slice(load.url.indexOf('?')));
    const fees = STAND_IN_FEES.feeAmount + STAND_IN_FEES.extraFeeAmount + STAND_IN_FEES.networkFeeAmount;
    const quote = Math.max(0, Math.round(((amountUsd - fees) / this.priceUsd) * 1e6) / 1e6);
    const now = new Date().toISOString();
    const currency = (params.get('currencyCode') ?? 'eth').split('_')[0]?.toLowerCase() ?? 'eth';
    const purchase: Purchase = {
      externalTransactionId,
      walletAddress: params.get('walletAddress') ?? '',
      email: params.get('email'),
      steps: [...this.pendingSteps, outcome],
      transaction: {
        id: randomUUID(),
        createdAt: now,
        updatedAt: now,
        baseCurrencyAmount: amountUsd,
        quoteCurrencyAmount: quote,
        ...STAND_IN_FEES,
        areFeesIncluded: false,
        status: 'pending',
        paymentMethod: 'credit_debit_card',
        cardPaymentType: 'card',
        walletAddress: params.get('walletAddress'),
        cryptoTransactionId: null,
        failureReason: outcome === 'failed' ? 'Card declined by the stand-in' : null,
        externalTransactionId,
        baseCurrency: { code: 'usd', type: 'fiat', name: 'US Dollar' },
        currency: { code: currency, type: 'crypto', name: currency.toUpperCase() },
      },
    };
    this.purchases.set(externalTransactionId, purchase);
    return purchase;
  }

  /** US dollars per unit bought. */
  get priceUsd(): number {
    return this.options.priceUsd ?? 2000;
  }

  private secretOf(apiKey: string): string | undefined {
    return apiKey === this.account.publishableKey ? this.account.secretKey : undefined;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = request.url ?? '/';
    const { pathname, searchParams } = new URL(raw, this.url);
    if (request.method === 'OPTIONS') {
      return send(response, 204, '', {
        ...CORS,
        'access-control-allow-methods': 'GET',
        'access-control-max-age': '600',
      });
    }
    const ext = /^\/v1\/transactions\/ext\/([^/]+)$/.exec(pathname);
    if (request.method === 'GET' && ext?.[1]) {
      const id = decodeURIComponent(ext[1]);
      const origin = request.headers.origin;
      return this.answerStatus(response, id, searchParams.get('apiKey'), origin);
    }
    if (request.method === 'GET' && pathname === '/buy') return this.showBuyPage(response, raw);
    if (request.method === 'POST' && pathname === '/buy/pay') return this.payFromPage(request, response);
    send(response, 404, { message: 'Not found', type: 'NotFoundError' });
  }

  private showBuyPage(response: ServerResponse, raw: string): void {
    const refused = signatureProblem(raw, (key) => this.secretOf(key));
    this.widgetLoads.push({ url: raw, ...(refused ? { refused } : {}) });
    if (refused) send(response, 403, errorPage(refused));
    else send(response, 200, buyPage(new URLSearchParams(raw.slice(raw.indexOf('?'))), this.priceUsd));
  }

  private async payFromPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const outcome = form.get('outcome') as PurchaseOutcome;
    if (!['completed', 'failed', 'waitingAuthorization'].includes(outcome)) {
      return send(response, 400, errorPage('Choose how the purchase ends.'));
    }
    const amount = Number(form.get('amount'));
    const purchase = this.pay(form.get('externalTransactionId') ?? '', outcome, amount > 0 ? amount : 100);
    send(response, 200, paidPage(purchase));
  }

  private async answerStatus(
    response: ServerResponse,
    externalTransactionId: string,
    apiKey: string | null,
    origin: string | undefined,
  ): Promise<void> {
    const answer = await this.nextAnswer(externalTransactionId, apiKey);
    this.statusCalls.push({ externalTransactionId, apiKey, ...(origin ? { origin } : {}), answer });
    if (typeof answer === 'number')
      return send(response, answer, ERROR_BODIES[answer] ?? ERROR_BODIES[500], CORS);
    const purchase = this.purchases.get(externalTransactionId) as Purchase;
    purchase.transaction.status = answer;
    purchase.transaction.updatedAt = new Date().toISOString();
    send(response, 200, [purchase.transaction], CORS);
  }

  /** The answer of one status call; advances the purchase's script. */
  private async nextAnswer(externalTransactionId: string, apiKey: string | null): Promise<StatusStep> {
    const queued = this.queued.shift();
    if (queued !== undefined) return queued;
    if (apiKey !== this.account.publishableKey) return 401;
    const purchase = this.purchases.get(externalTransactionId);
    const step = purchase?.steps[0];
    if (!purchase || step === undefined) return 404;
    if (step === 'completed' && !purchase.transaction.cryptoTransactionId) {
      try {
        const hash = await this.options.onCompleted?.(purchase);
        purchase.transaction.cryptoTransactionId = hash ?? `0x${randomBytes(32).toString('hex')}`;
      } catch {
        return 500;
      }
    }
    if (purchase.steps.length > 1) purchase.steps.shift();
    return step;
  }
}
