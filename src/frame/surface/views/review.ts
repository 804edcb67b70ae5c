/**
 * The reviews: a message, typed data or a transaction to sign, shown from the exact request the
 * wallet frame will sign (never from host texts), with Cancel and the approval (trusted.ts).
 */
import { TRANSACTION_TEXT } from '../../../core/errors/wallet-messages.js';
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { CHAINS, DEFAULT_NATIVE_SYMBOL } from '../../../protocol/chains.js';
import type { SignMessageView, SignTypedDataView, TransactionView } from '../../../protocol/surface.js';
import { EXPORT_TEXTS } from '../../texts.js';
import { el, row, shortAddress, uniqueId } from '../dom.js';
import { LOCAL, SURFACE_TEXT } from '../texts.js';
import {
  approveButton,
  cancelButton,
  choices,
  scaffold,
  simpleView,
  type ViewContext,
  type ViewHandle,
} from './common.js';

/** The scrollable box of what is signed, labelled by the line above it. */
function signedBox(label: string, text: string): HTMLElement[] {
  const id = uniqueId('signed');
  return [
    el('p', { class: 'label', id }, [label]),
    // Focusable, so a keyboard can scroll a long message.
    el('pre', { class: 'signed', tabindex: '0', 'aria-labelledby': id }, [text]),
  ];
}

function reviewView(
  ctx: ViewContext,
  title: string,
  body: (HTMLElement | string)[],
  approveLabel: string,
  busyText: string,
): ViewHandle {
  const approve = approveButton(ctx, approveLabel);
  const parts = scaffold(title, body, [choices(cancelButton(ctx), approve)]);
  return simpleView(ctx, parts, [approve], approve, busyText);
}

export function signMessageView(ctx: ViewContext, view: SignMessageView): ViewHandle {
  return reviewView(
    ctx,
    WALLET_TEXT.signTitle,
    [
      el('p', { class: 'text' }, [WALLET_TEXT.signDetail]),
      el('dl', { class: 'details' }, [row(EXPORT_TEXTS.addressLabel, shortAddress(view.address))]),
      ...signedBox(WALLET_TEXT.message, view.message),
    ],
    SURFACE_TEXT.sign,
    WALLET_TEXT.signing,
  );
}

export function signTypedDataView(ctx: ViewContext, view: SignTypedDataView): ViewHandle {
  return reviewView(
    ctx,
    WALLET_TEXT.signTitle,
    [
      el('p', { class: 'text' }, [WALLET_TEXT.signTypedDataDetail]),
      el('dl', { class: 'details' }, [row(EXPORT_TEXTS.addressLabel, shortAddress(view.address))]),
      el('p', { class: 'label' }, [WALLET_TEXT.domain]),
      el(
        'dl',
        { class: 'details' },
        view.domain.map(([name, value]) => row(name, value)),
      ),
      ...signedBox(`${WALLET_TEXT.message}: ${view.primaryType}`, view.message),
    ],
    SURFACE_TEXT.sign,
    WALLET_TEXT.signing,
  );
}

/**
 * The recipient in full, the one address of a review that money goes to: in groups of four
 * characters, so it wraps between groups and the eye can compare it with where it should go.
 */
const fullAddress = (address: string): HTMLElement =>
  el('span', { class: 'mono recipient', title: address }, [
    `${address.slice(0, 2)}${(address.slice(2).match(/.{1,4}/g) ?? []).join(' ')}`,
  ]);

/** The chain's name and token from the surface's own table, never from the host (§9 for others). */
function chainOf(id: number): { name: string; symbol: string } {
  const known = CHAINS.find((chain) => chain.id === id);
  return known
    ? { name: known.name, symbol: known.nativeCurrency.symbol }
    : { name: SURFACE_TEXT.unknownChain(id), symbol: DEFAULT_NATIVE_SYMBOL };
}

export function transactionView(ctx: ViewContext, view: TransactionView): ViewHandle {
  const send = view.intent === 'send';
  const { name, symbol } = chainOf(view.chainId);
  const title =
    send && view.dataBytes === 0 ? TRANSACTION_TEXT.sendTitle(symbol) : TRANSACTION_TEXT.reviewTitle;
  const rows = [
    row(WALLET_TEXT.network, name),
    row(WALLET_TEXT.from, shortAddress(view.from)),
    row(WALLET_TEXT.to, view.to === null ? WALLET_TEXT.newContract : fullAddress(view.to)),
    row(WALLET_TEXT.amount, `${LOCAL.amount(view.value)} ${symbol}`),
    row(SURFACE_TEXT.maxFee, `${LOCAL.amount(view.maxFee)} ${symbol}`),
  ];
  if (view.dataBytes > 0) rows.push(row(SURFACE_TEXT.data, SURFACE_TEXT.dataBytes(view.dataBytes)));
  return reviewView(
    ctx,
    title,
    [el('dl', { class: 'details' }, rows)],
    send ? SURFACE_TEXT.send : SURFACE_TEXT.sign,
    send ? SURFACE_TEXT.sending : WALLET_TEXT.signing,
  );
}
