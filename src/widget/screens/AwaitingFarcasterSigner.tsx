import { farcasterUi } from '../../core/farcaster/index.js';
import { FARCASTER_UI_TEXT as T } from '../../core/text/farcaster.js';
import { FarcasterWait } from '../components/farcaster/FarcasterWait.js';
import { useStore, useWidget } from '../context.js';

// Read at each render, not kept: setLocale changes the texts under a loaded screen.
const text = () => ({
  title: T.signerTitle,
  done: T.signerApproved,
  scan: T.signerScan,
  onPhone: T.signerOnPhone,
  qrLabel: T.signerQrLabel,
  waiting: T.signerWaiting,
});

/**
 * AWAITING_FARCASTER_SIGNER (§2.2, §4.4): the approval link of the app's signer request, until
 * the user approves it in the Farcaster app; 'Request rejected' or 'Connect failed' (§8) with Try again.
 */
export function AwaitingFarcasterSigner() {
  const { ctx } = useWidget();
  return <FarcasterWait link={useStore(farcasterUi(ctx)).approvalUrl} text={text()} />;
}
