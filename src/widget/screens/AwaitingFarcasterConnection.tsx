import { farcasterUi } from '../../core/farcaster/index.js';
import { FARCASTER_UI_TEXT as T } from '../../core/text/farcaster.js';
import { FarcasterWait } from '../components/farcaster/FarcasterWait.js';
import { useStore, useWidget } from '../context.js';

// Read at each render, not kept: setLocale changes the texts under a loaded screen.
const text = () => ({
  title: T.connectTitle,
  done: T.connected,
  scan: T.scan,
  onPhone: T.onPhone,
  qrLabel: T.qrLabel,
  waiting: T.waiting,
  copy: true,
});

/**
 * AWAITING_FARCASTER_CONNECTION (§2.2, §4.4): the relay's link as a QR code with Copy link on a
 * desktop, or 'Open Farcaster' on a phone; the §8 timeout with Try again.
 */
export function AwaitingFarcasterConnection() {
  const { ctx } = useWidget();
  return <FarcasterWait link={useStore(farcasterUi(ctx)).connectUri} text={text()} />;
}
