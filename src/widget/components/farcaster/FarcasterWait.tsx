import { farcasterUi, retryFarcaster } from '../../../core/farcaster/index.js';
import { onPhone } from '../../../core/farcaster/state.js';
import { FARCASTER_UI_TEXT as T } from '../../../core/text/farcaster.js';
import { FARCASTER_QR_ERROR_CORRECTION } from '../../../protocol/farcaster.js';
import { useStore, useWidget } from '../../context.js';
import { CheckIcon } from '../../icons.js';
import { Title } from '../../Title.js';
import { QrCode } from '../external-wallet/QrCode.js';
import { Failed } from '../Failed.js';
import { CopyButton } from '../wallet/CopyButton.js';

/** What differs between the two Farcaster waits: the link shown and the texts around it. */
export interface FarcasterWaitText {
  title: string;
  done: string;
  scan: string;
  onPhone: string;
  qrLabel: string;
  waiting: string;
  /** Offer 'Copy link' under the QR code. */
  copy?: boolean;
}

/**
 * A wait on the Farcaster app (§2.2, §4.4): `link` as a QR code (error correction H, 160 px) on a
 * desktop or 'Open Farcaster' on a phone, a check once done, the §8 failure with Try again.
 */
export function FarcasterWait({ link, text }: { link: string | null; text: FarcasterWaitText }) {
  const { ctx, styles } = useWidget();
  const ui = useStore(farcasterUi(ctx));
  if (ui.status === 'connected') {
    return (
      <>
        <CheckIcon className={styles.successIcon} />
        <Title>{text.done}</Title>
      </>
    );
  }
  if (ui.status === 'failed' && ui.error) {
    return (
      <Failed
        title={ui.error.title ?? text.title}
        detail={ui.error.detail}
        onRetry={() => void retryFarcaster(ctx)}
        retryText={T.tryAgain}
      />
    );
  }
  return (
    <>
      <Title>{text.title}</Title>
      {!link ? (
        <span className={styles.spinner} aria-hidden="true" />
      ) : onPhone() ? (
        <>
          <p className={styles.text}>{text.onPhone}</p>
          <a className={styles.primary} href={link} data-autofocus="">
            {T.openApp}
          </a>
        </>
      ) : (
        <>
          <p className={styles.text}>{text.scan}</p>
          <QrCode value={link} label={text.qrLabel} level={FARCASTER_QR_ERROR_CORRECTION} />
          {text.copy ? <CopyButton text={link} label={T.copyLink} /> : null}
        </>
      )}
      <p role="status" className={styles.text}>
        {text.waiting}
      </p>
    </>
  );
}
