import { DOWNLOAD_URL_REVOKE_MS } from '../../../protocol/constants.js';
import { useWalletStyles } from '../../wallet-styles.js';

/**
 * Saves `content` as a text file named `fileName` (the recovery file, §4.6): an object URL behind
 * an `<a download>`, revoked 5000 ms later (§9) so the browser has the time to read it.
 */
export function DownloadButton({
  content,
  fileName,
  children,
}: {
  content: string;
  fileName: string;
  children: string;
}) {
  const w = useWalletStyles();
  return (
    <button
      type="button"
      className={w.smallButton}
      onClick={(event) => {
        const url = URL.createObjectURL(new Blob([content], { type: 'text/plain;charset=utf-8' }));
        const anchor = document.createElement('a');
        anchor.href = url;
        anchor.download = fileName;
        anchor.rel = 'noopener';
        anchor.hidden = true;
        // Inside the shadow root next to the button, so no host page listener sees it.
        event.currentTarget.parentNode?.appendChild(anchor);
        anchor.click();
        anchor.remove();
        // Not cleared on unmount: the URL is revoked on time even after the screen went away.
        setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_REVOKE_MS);
      }}
    >
      {children}
    </button>
  );
}
