import { TRANSACTION_TEXT } from '../../core/errors/wallet-messages.js';
import { WALLET_TEXT } from '../../core/text/wallet.js';
import { WALLET_FLOW_TEXT } from '../../core/text/wallet-flow.js';
import type { WalletSendPreview, WalletSendUi } from '../../core/wallet/embedded/ui-state.js';
import { AddressLink } from '../components/wallet/AddressLink.js';
import { AmountValue, DetailRow } from '../components/wallet/Amount.js';
import { FocusOnChange } from '../components/wallet/FocusOnChange.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

type Info = NonNullable<WalletSendUi['uiOptions']['transactionInfo']>;

/** The host's words about the transaction (uiOptions.transactionInfo) and the contract's image. */
function TransactionInfo({ info }: { info: Info | undefined }) {
  const w = useWalletStyles();
  const contract = info?.contractInfo;
  return (
    <>
      {info?.title || info?.actionDescription || info?.description ? (
        <div>
          {info.title ? <p className={w.infoTitle}>{info.title}</p> : null}
          {info.actionDescription ? <p className={w.label}>{info.actionDescription}</p> : null}
          {info.description ? <p className={w.label}>{info.description}</p> : null}
        </div>
      ) : null}
      {contract?.imgUrl ? (
        <img
          className={w.contractImage[contract.imgSize ?? 'sm']}
          src={contract.imgUrl}
          alt={contract.imgAltText ?? contract.name ?? ''}
        />
      ) : null}
    </>
  );
}

function ContractRow({ contract }: { contract: Info['contractInfo'] }) {
  const w = useWalletStyles();
  if (!contract?.name) return null;
  return (
    <DetailRow label={contract.actionText ?? WALLET_TEXT.contract}>
      {contract.url ? (
        <a className={w.address} href={contract.url} target="_blank" rel="noopener noreferrer">
          {contract.name}
        </a>
      ) : (
        contract.name
      )}
    </DetailRow>
  );
}

/** The review of §2.3: amount, fee breakdown, total, from and to on the explorer, network, balance. */
function Review({
  preview,
  uiOptions,
}: {
  preview: WalletSendPreview;
  uiOptions: WalletSendUi['uiOptions'];
}) {
  const w = useWalletStyles();
  const { symbol, primary, secondary } = preview;
  const amount = (value: WalletSendPreview['amount']) => (
    <AmountValue amount={value} symbol={symbol} primary={primary} secondary={secondary} />
  );
  const info = uiOptions.transactionInfo;
  return (
    <div className={w.details}>
      <TransactionInfo info={info} />
      <dl className={w.rows}>
        {info?.action ? <DetailRow label={WALLET_TEXT.action}>{info.action}</DetailRow> : null}
        <ContractRow contract={info?.contractInfo} />
        <DetailRow label={WALLET_TEXT.amount}>{amount(preview.amount)}</DetailRow>
        <DetailRow label={WALLET_TEXT.networkFee}>{amount(preview.fee)}</DetailRow>
        {preview.l1Fee ? (
          <>
            <DetailRow label={WALLET_TEXT.gasFee} sub>
              {amount(preview.gasFee)}
            </DetailRow>
            <DetailRow label={WALLET_TEXT.l1Fee} sub>
              {amount(preview.l1Fee)}
            </DetailRow>
          </>
        ) : null}
        <DetailRow label={WALLET_TEXT.total}>{amount(preview.total)}</DetailRow>
      </dl>
      <hr className={w.divider} />
      <dl className={w.rows}>
        <DetailRow label={uiOptions.senderInfo?.title ?? WALLET_TEXT.from}>
          <AddressLink address={preview.from} url={preview.fromUrl} />
        </DetailRow>
        <DetailRow label={WALLET_TEXT.to}>
          {preview.to ? <AddressLink address={preview.to} url={preview.toUrl} /> : WALLET_TEXT.newContract}
        </DetailRow>
        <DetailRow label={WALLET_TEXT.network}>{preview.chainName}</DetailRow>
        <DetailRow label={WALLET_TEXT.balance}>{amount(preview.balance)}</DetailRow>
      </dl>
    </div>
  );
}

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (§2.3, §4.6): 'Send {symbol}' or 'Review transaction'
 * with the review (dollars, fees, balance, 'Add Funds'), and beside it the provider-origin surface,
 * which shows what the frame signs (recipient, amount, most it can cost) and holds the Send: this
 * screen has no approval control. 'Submitting (may take a few moments)...' while core broadcasts and
 * waits for the receipt; then 'Transaction complete' and 'All done'.
 */
export function EmbeddedWalletSendTransactionScreen() {
  const { ui } = useWallet();
  const send = ui.send;
  const ready = send?.preview && !send.preview.insufficientFunds;
  return (
    <>
      <FocusOnChange on={`${send?.status}:${ready}`} />
      <SendTransaction />
    </>
  );
}

/** What the screen says while it works (read at each render: setLocale changes the texts). */
const statusText = (): Partial<Record<WalletSendUi['status'], string>> => ({
  preparing: WALLET_TEXT.preparing,
  submitting: WALLET_TEXT.submitting,
});

function SendTransaction() {
  const { styles } = useWidget();
  const { ui, actions } = useWallet();
  const send = ui.send;
  if (send?.status === 'done') return <SendDone send={send} />;
  const options = send?.uiOptions ?? {};
  const preview = send?.preview ?? null;
  const status = send?.status ?? 'preparing';
  const title = options.header ?? options.modalTitle ?? preview?.title ?? TRANSACTION_TEXT.reviewTitle;
  // The surface shows what is signed (to, amount, most it costs) and heads itself: this page
  // then keeps what only it knows — the host's words, the dollars, the balance.
  const framed = status === 'ready' && ui.surface !== null;
  const working = statusText()[status];
  return (
    <>
      <Title hidden={framed && !options.header && !options.modalTitle}>{title}</Title>
      {options.description ? <p className={styles.text}>{options.description}</p> : null}
      <SendPreview send={send} framed={framed} />
      {/* Empty, the live regions take no room (the surface comes right under the balance). */}
      <p role="alert" className={alertText(send) ? styles.alert : styles.visuallyHidden}>
        {alertText(send)}
      </p>
      {send?.preview?.insufficientFunds && send.canFund ? (
        <button type="button" className={styles.secondary} onClick={() => void actions.addFunds()}>
          {WALLET_FLOW_TEXT.addFunds}
        </button>
      ) : null}
      <p role="status" className={working ? styles.text : styles.visuallyHidden}>
        {working ?? ''}
      </p>
      {framed ? <ProviderSurface title={title} /> : <SendButtons send={send} />}
    </>
  );
}

/** The amount, then the review rows (or, beside the surface, the total and balance); a spinner while preparing. */
function SendPreview({ send, framed }: { send: WalletSendUi | null | undefined; framed: boolean }) {
  const { styles } = useWidget();
  const w = useWalletStyles();
  const preview = send?.preview ?? null;
  if (!preview) {
    return (send?.status ?? 'preparing') === 'preparing' ? (
      <span className={styles.spinner} aria-hidden="true" />
    ) : null;
  }
  return (
    <>
      <p className={w.bigAmount}>
        <AmountValue
          amount={preview.amount}
          symbol={preview.symbol}
          primary={preview.primary}
          secondary={preview.secondary}
        />
      </p>
      {framed ? (
        <Balance preview={preview} />
      ) : (
        <Review preview={preview} uiOptions={send?.uiOptions ?? {}} />
      )}
    </>
  );
}

/** Beside the surface: the fee in dollars and the balance, which only this page knows. */
function Balance({ preview }: { preview: WalletSendPreview }) {
  const w = useWalletStyles();
  const { symbol, primary, secondary } = preview;
  const amount = (value: WalletSendPreview['amount']) => (
    <AmountValue amount={value} symbol={symbol} primary={primary} secondary={secondary} />
  );
  return (
    <dl className={`${w.details} ${w.rows}`}>
      <DetailRow label={WALLET_TEXT.total}>{amount(preview.total)}</DetailRow>
      <DetailRow label={WALLET_TEXT.balance}>{amount(preview.balance)}</DetailRow>
    </dl>
  );
}

/** Cancel (4001), and Try again after a failure a new attempt may mend; the Send is the surface's. */
function SendButtons({ send }: { send: WalletSendUi | null | undefined }) {
  const { styles } = useWidget();
  const f = useFieldStyles();
  const { actions } = useWallet();
  const preview = send?.preview ?? null;
  const canRetry =
    send?.status === 'error' && preview !== null && !preview.insufficientFunds && !send.transactionHash;
  return (
    <div className={f.choices}>
      {/* §4.6: closing before completion rejects (4001), so Cancel stays available while submitting. */}
      <button
        type="button"
        className={styles.secondary}
        data-autofocus={canRetry ? undefined : ''}
        onClick={() => actions.cancelWalletRequest()}
      >
        {WALLET_TEXT.cancel}
      </button>
      {canRetry ? (
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => void actions.retry()}
        >
          {WALLET_TEXT.tryAgain}
        </button>
      ) : null}
    </div>
  );
}

/** Why Approve cannot go on: the error of the last attempt, or short funds. */
function alertText(send: WalletSendUi | null | undefined): string {
  if (send?.status === 'error') return send.error ?? '';
  if (send?.preview?.insufficientFunds) return send.error ?? WALLET_FLOW_TEXT.insufficientFunds;
  return '';
}

/** 'Transaction complete' with the amount, the explorer link and 'All done'; the title said once. */
function SendDone({ send }: { send: WalletSendUi }) {
  const { ctx, styles } = useWidget();
  const w = useWalletStyles();
  const preview = send.preview;
  const title = send.pending ? WALLET_TEXT.transactionSubmitted : WALLET_TEXT.transactionComplete;
  return (
    <>
      {send.pending ? null : <CheckIcon className={styles.successIcon} />}
      <Title>{title}</Title>
      {preview ? (
        <p className={w.bigAmount}>
          <AmountValue
            amount={preview.amount}
            symbol={preview.symbol}
            primary={preview.primary}
            secondary={preview.secondary}
          />
        </p>
      ) : null}
      {send.pending ? (
        <p role="status" className={styles.text}>
          {WALLET_TEXT.transactionPending}
        </p>
      ) : null}
      {send.transactionUrl ? (
        <a className={styles.link} href={send.transactionUrl} target="_blank" rel="noopener noreferrer">
          {WALLET_TEXT.viewTransaction}
        </a>
      ) : null}
      <button type="button" className={styles.primary} data-autofocus="" onClick={() => ctx.modal.close()}>
        {WALLET_TEXT.allDone}
      </button>
    </>
  );
}
