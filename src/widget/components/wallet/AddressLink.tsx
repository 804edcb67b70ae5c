import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { shortenAddress } from '../../../core/wallet/short-address.js';
import { useWalletStyles } from '../../wallet-styles.js';

/**
 * An address shortened as §9 says ('0xf39…2266'), linked to the chain's block explorer when core
 * has a link (new tab, no opener). The link's accessible name starts with the text it shows, so a
 * voice user can say what they see; the full address is its tooltip and accessible description.
 */
export function AddressLink({ address, url }: { address: string; url: string | null }) {
  const w = useWalletStyles();
  const short = shortenAddress(address);
  if (!url) {
    return (
      <span className={w.plainAddress} title={address}>
        {short}
      </span>
    );
  }
  return (
    <a
      className={w.address}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={address}
      aria-label={WALLET_TEXT.viewOnExplorer(short)}
    >
      {short}
    </a>
  );
}
