import { useEffect, useRef, useState } from 'react';
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { COPY_FEEDBACK_MS } from '../../../protocol/constants.js';
import { useWidget } from '../../context.js';
import { useWalletStyles } from '../../wallet-styles.js';

/** 'Copy' puts `text` on the clipboard; 'Copied' shows (and is announced) for 1500 ms (§4.6, §9). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { styles } = useWidget();
  const w = useWalletStyles();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <button
        type="button"
        className={w.smallButton}
        aria-label={label}
        onClick={() => {
          void navigator.clipboard
            ?.writeText(text)
            .then(() => {
              clearTimeout(timer.current);
              setCopied(true);
              timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
            })
            // The page may not allow the clipboard: no feedback then, the text stays selectable.
            .catch(() => undefined);
        }}
      >
        {copied ? WALLET_TEXT.copied : WALLET_TEXT.copy}
      </button>
      <span role="status" className={styles.visuallyHidden}>
        {copied ? WALLET_TEXT.copied : ''}
      </span>
    </>
  );
}
