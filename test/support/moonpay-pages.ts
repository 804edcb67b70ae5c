/** The pages of the MoonPay stand-in (moonpay.ts): plain HTML, no script but a close button. */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:420px;margin:32px auto;padding:0 16px;color:#1d1d29}
.banner{background:#fff4d6;border:1px solid #e8c15a;border-radius:8px;padding:8px 12px;font-size:14px}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #c8c8d8;background:#fff;cursor:pointer;margin:4px 0;width:100%}
button.pay{background:var(--accent,#7d00ff);color:#fff;border-color:transparent}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}dd{margin:0;word-break:break-all}
input{font:inherit;padding:6px 8px;width:8em}`;

function page(title: string, body: string, accent = '#7d00ff'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}:root{--accent:${escapeHtml(accent)}}</style></head>
<body><p class="banner" role="note"><strong>MoonPay stand-in.</strong> A local test peer for demos and tests, not MoonPay:
no card is charged and nothing leaves this machine.</p>${body}</body></html>`;
}

/** The buy widget of a valid signed URL: what is bought for whom, and buttons that 'pay'. */
export function buyPage(params: URLSearchParams, priceUsd: number): string {
  const id = params.get('externalTransactionId') ?? '';
  const currency = params.get('currencyCode') ?? '';
  const symbol = (currency.split('_')[0] ?? currency).toUpperCase();
  const rows: Array<[string, string | null]> = [
    ['Currency', currency],
    ['Price', `$${priceUsd.toLocaleString('en-US')} per ${symbol} (stand-in rate)`],
    ['Wallet', params.get('walletAddress')],
    ['Email', params.get('email')],
    ['Reference', id],
  ];
  const details = rows
    .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const accent = /^#[0-9a-f]{3,6}$/i.test(params.get('colorCode') ?? '')
    ? (params.get('colorCode') as string)
    : undefined;
  return page(
    `Buy ${symbol}`,
    `<h1>Buy ${escapeHtml(symbol)}</h1><dl>${details}</dl>
<form method="post" action="/buy/pay">
<input type="hidden" name="externalTransactionId" value="${escapeHtml(id)}">
<p><label>Amount in US dollars <input name="amount" type="number" min="20" step="1" value="100"></label></p>
<button class="pay" type="submit" name="outcome" value="completed">Pay with card</button>
<button type="submit" name="outcome" value="waitingAuthorization">Pay, then wait for the bank's approval (3-D Secure)</button>
<button type="submit" name="outcome" value="failed">Pay with a card that is declined</button>
</form>`,
    accent,
  );
}

/** After a button: the purchase is under way; the app's status screen follows it. */
export function paidPage(purchase: { externalTransactionId: string; walletAddress: string }): string {
  return page(
    'Payment received',
    `<h1>Payment submitted</h1><p>The purchase for ${escapeHtml(purchase.walletAddress)} is being processed
(reference ${escapeHtml(purchase.externalTransactionId)}). Return to the app: it shows the status.</p>
<button type="button" onclick="window.close()">Close this window</button>`,
  );
}

/** What MoonPay shows instead of the widget for a refused URL. */
export function errorPage(reason: string): string {
  return page('Widget failed to load', `<h1>The widget failed to load</h1><p>${escapeHtml(reason)}</p>`);
}
