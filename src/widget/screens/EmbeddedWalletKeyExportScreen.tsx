import { type FocusEvent, useRef } from 'react';
import { WALLET_TEXT } from '../../core/errors/wallet-text.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { Title } from '../Title.js';
import { useWalletStyles } from '../wallet-styles.js';

/**
 * Keeps focus in the dialog around the export frame: Tab out of the frame's last control lands here
 * and goes round to the dialog's first control (a header button); Shift+Tab round from the first control (the focus
 * trap) lands here too and goes on into the frame.
 */
function FrameFocusGuard({ frame }: { frame: { current: HTMLIFrameElement | null } }) {
  const onFocus = (event: FocusEvent<HTMLSpanElement>) => {
    const dialog = event.currentTarget.closest('[role="dialog"]');
    if (event.relatedTarget && event.relatedTarget !== frame.current) frame.current?.focus();
    else dialog?.querySelector<HTMLElement>('button')?.focus();
  };
  // A focus guard, not a control: it only hands focus on.
  // biome-ignore lint/a11y/noNoninteractiveTabindex: the guard must be a tab stop to catch focus
  // biome-ignore lint/a11y/noStaticElementInteractions: focus only, no pointer or key handling
  return <span tabIndex={0} onFocus={onFocus} />;
}

/**
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet', §2.3, §4.6): the provider-origin export
 * view in a frame. The key exists only inside that frame (shown after a click in it); this page
 * never sees it. Core gives the URL once the ≥ 1 s wait is over. Escape inside the frame reaches
 * core by postMessage and closes the screen; focus stays in the dialog (FrameFocusGuard).
 */
export function EmbeddedWalletKeyExportScreen() {
  const { styles } = useWidget();
  const w = useWalletStyles();
  const { ui } = useWallet();
  const { url } = ui.export;
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <>
      <Title>{WALLET_TEXT.exportTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.exportDetail}</p>
      {url ? (
        <>
          <iframe
            ref={frame}
            // A tab stop anyway; the attribute makes the modal's focus trap count it.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: iframes are in the tab order already
            tabIndex={0}
            className={w.exportFrame}
            src={url}
            title={WALLET_TEXT.exportTitle}
            referrerpolicy="no-referrer"
            allow="clipboard-write"
          />
          <FrameFocusGuard frame={frame} />
        </>
      ) : (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <p role="status" className={styles.text}>
            {WALLET_TEXT.exportLoading}
          </p>
        </>
      )}
    </>
  );
}
