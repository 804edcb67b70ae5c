/**
 * Farcaster in the widget (§2.2, §4.4, §7): AWAITING_FARCASTER_CONNECTION's QR code (error
 * correction H) on a desktop and 'Open Farcaster' on a phone, linkFarcaster() / unlinkFarcaster(fid)
 * from the page, and a signer request whose approval closes the modal by itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FARCASTER_FRAME_REQUESTS } from '../../../src/protocol/farcaster-frame.js';
import { FarcasterProvider } from '../helpers/farcaster-provider.js';
import { readQrPath } from '../helpers/qr-read.js';
import { loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  events,
  link,
  logInByEmail,
  type MountedWidget,
  mountWidget,
  openLogin,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

/** Closes the modal: its flow ends, and no poll of this test's goes on into the next. */
async function close(widget: MountedWidget): Promise<void> {
  button(widget.shadow, 'Close').click();
  await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const QR_LABEL = 'QR code to sign in with Farcaster';
const SIGNER_KEY = `0x${'ab'.repeat(32)}`;
const APPROVAL_URL = 'https://farcaster.xyz/~/connect?token=sk1';

/** LANDING's 'Continue with Farcaster', then AWAITING_FARCASTER_CONNECTION once the channel is open. */
async function toFarcaster(widget: MountedWidget): Promise<void> {
  await openLogin(widget);
  button(widget.shadow, 'Continue with Farcaster').click();
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Sign in with Farcaster'), { timeout: 5000 });
  await vi.waitFor(() => expect(dialog(widget.shadow)?.textContent).toContain('Waiting for you to sign in'));
}

const qrOf = (widget: MountedWidget) =>
  widget.shadow.querySelector<SVGSVGElement>(`svg[role="img"][aria-label="${QR_LABEL}"]`);

/** Reads the QR code's SVG as a camera would. */
function scan(svg: SVGSVGElement) {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]) - 4;
  return readQrPath(size, svg.querySelector('path')?.getAttribute('d') ?? '');
}

/** Byte-mode capacity of QR versions 1-20 (ISO/IEC 18004, table 7) at error correction M and H. */
const BYTES = {
  M: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666],
  H: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382],
};
const versionFor = (level: 'M' | 'H', bytes: number) => BYTES[level].findIndex((n) => n >= bytes) + 1;

describe('AWAITING_FARCASTER_CONNECTION', () => {
  it('shows the connect link as a QR code on a desktop, at error correction H, and no Open Farcaster', async () => {
    const widget = mountWidget(new FarcasterProvider());
    const provider = widget.provider as FarcasterProvider;
    await toFarcaster(widget);
    const qr = qrOf(widget);
    expect(qr).not.toBeNull();
    expect(() => link(widget.shadow, 'Open Farcaster')).toThrow();
    const read = scan(qr!);
    expect(read?.data).toBe(provider.connectUri);
    // The smallest version that holds the link at H: an M code of it would be smaller.
    const bytes = new TextEncoder().encode(provider.connectUri).length;
    expect(versionFor('M', bytes)).toBeLessThan(versionFor('H', bytes));
    expect(read?.version).toBe(versionFor('H', bytes));
    await close(widget);
  });

  it("shows 'Open Farcaster' with the connect link on a phone, and no QR code", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const widget = mountWidget(new FarcasterProvider());
    await toFarcaster(widget);
    const open = link(widget.shadow, 'Open Farcaster');
    expect(open.getAttribute('href')).toBe((widget.provider as FarcasterProvider).connectUri);
    expect(qrOf(widget)).toBeNull();
    expect(dialog(widget.shadow)?.textContent).toContain(
      'Sign in with your Farcaster account in the Farcaster app, then come back here.',
    );
    await close(widget);
  });
});

describe('linking Farcaster from the page', () => {
  it('linkFarcaster() adds the farcaster account and fires link:success; unlinkFarcaster(fid) removes it', async () => {
    const provider = new FarcasterProvider();
    const widget = mountWidget(provider);
    await logInByEmail(widget);
    await close(widget);

    const linked = events('link:success');
    // The call settles once the QR code waits for the Farcaster app, as linkEmail() once its screen shows.
    await widget.handle.call('linkFarcaster', []);
    await vi.waitFor(() => expect(qrOf(widget)).not.toBeNull(), { timeout: 5000 });
    provider.complete(777, 'alice');
    await vi.waitFor(() => expect(linked).toHaveLength(1), { timeout: 8000 });
    expect(linked[0]?.detail).toMatchObject({
      linkMethod: 'farcaster',
      linkedAccount: { type: 'farcaster', fid: 777, username: 'alice' },
      user: { farcaster: { fid: 777 }, email: { address: 'alice@example.com' } },
    });
    expect(widget.stores.$user.get()?.farcaster).toMatchObject({ fid: 777, username: 'alice' });

    const user = await widget.handle.call('unlinkFarcaster', [777]);
    expect((user as { farcaster?: unknown }).farcaster).toBeUndefined();
    expect(widget.stores.$user.get()?.farcaster).toBeUndefined();
    expect(widget.stores.$user.get()?.email).toEqual({ address: 'alice@example.com' });
  }, 20_000);

  it("refuses to unlink Farcaster when it is the user's only way to log in", async () => {
    const provider = new FarcasterProvider();
    const widget = mountWidget(provider);
    await toFarcaster(widget);
    provider.complete(777, 'alice');
    await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true), { timeout: 5000 });
    await expect(widget.handle.call('unlinkFarcaster', [777])).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
      message: 'This is the only way to log in to this account, so it cannot be unlinked.',
    });
    expect(widget.stores.$user.get()?.farcaster).toMatchObject({ fid: 777 });
  }, 20_000);
});

describe('requestFarcasterSigner()', () => {
  it('shows the approval link, and once the user approves it resolves, refreshes the user and closes the modal', async () => {
    const provider = new FarcasterProvider();
    const createUser = provider.createUser.bind(provider);
    provider.createUser = (email) => {
      const user = createUser(email);
      user.linked_accounts.push(provider.account(777, 'alice'));
      return user;
    };
    const pending = { public_key: SIGNER_KEY, status: 'pending_approval', signer_approval_url: APPROVAL_URL };
    const { gatehouse, shadow } = await loggedInWithWallet({
      provider,
      frame: {
        override: (message) =>
          message.type === FARCASTER_FRAME_REQUESTS.initSigner ? { data: pending } : undefined,
      },
    });
    const signer = gatehouse.call('requestFarcasterSigner', []);
    const qr = () => shadow.querySelector('svg[aria-label="QR code to approve this app in Farcaster"]');
    await vi.waitFor(() => expect(qr()).not.toBeNull(), { timeout: 5000 });
    expect(dialogName(shadow)).toBe('Approve in Farcaster');

    provider.signerStatus = 'approved';
    await expect(signer).resolves.toMatchObject({ public_key: SIGNER_KEY, status: 'approved' });
    expect(gatehouse.ctx.stores.$user.get()?.farcaster?.signerPublicKey).toBe(SIGNER_KEY);
    // §4.4: approved closes the modal after the success pause, with nothing for the user to press.
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 4000 });
  }, 20_000);
});
