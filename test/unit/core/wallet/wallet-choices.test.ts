/** The wallet list of §2.3 / §3: what each walletList value offers, in this browser, with or without WalletConnect. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_LIST } from '../../../../src/core/login/layout.js';
import { walletChoices } from '../../../../src/core/wallet/external/choices.js';
import type { DetectedWallet } from '../../../../src/core/wallet/external/discovery.js';
import { qrPath } from '../../../../src/core/wallet/external/qr.js';
import { readQrPath } from '../../helpers/qr-read.js';

const extension = (name: string, rdns: string): DetectedWallet => ({
  info: { uuid: `uuid-${rdns || name}`, name, icon: 'data:image/svg+xml,<svg/>', rdns },
  provider: { request: async () => null },
});
const metamask = extension('MetaMask', 'io.metamask');
const rabby = extension('Rabby Wallet', 'io.rabby');
const phantom = extension('Phantom', 'app.phantom');

const names = (list: ReturnType<typeof walletChoices>) => list.map((c) => `${c.kind}:${c.name}`);

describe('walletChoices (§3 walletList values)', () => {
  it('the default list with MetaMask installed and a WalletConnect project id', () => {
    const list = walletChoices([metamask, rabby], DEFAULT_WALLET_LIST, { walletConnect: true });
    expect(names(list)).toEqual([
      'injected:Rabby Wallet',
      'injected:MetaMask',
      'coinbase:Coinbase Wallet',
      'wallet_connect:Rainbow',
      'wallet_connect:WalletConnect',
    ]);
  });

  it('without a project id WalletConnect and the wallets that need it are not offered', () => {
    const list = walletChoices([], DEFAULT_WALLET_LIST, { walletConnect: false });
    expect(names(list)).toEqual(['coinbase:Coinbase Wallet']);
  });

  it('a wallet with its extension installed connects through it, once, wherever it is listed', () => {
    const list = walletChoices([metamask], ['metamask', 'detected_wallets', 'metamask'], {
      walletConnect: true,
    });
    expect(names(list)).toEqual(['injected:MetaMask']);
  });

  it('a registry wallet without its extension is a WalletConnect entry for that wallet', () => {
    const [zerion] = walletChoices([], ['zerion'], { walletConnect: true });
    expect(zerion).toMatchObject({ kind: 'wallet_connect', name: 'Zerion' });
    expect(zerion?.kind === 'wallet_connect' && zerion.wallet?.walletClientType).toBe('zerion');
  });

  it('Phantom: the extension when installed, else its install / in-app browser entry', () => {
    expect(names(walletChoices([phantom], ['phantom'], { walletConnect: false }))).toEqual([
      'injected:Phantom',
    ]);
    expect(names(walletChoices([], ['phantom'], { walletConnect: false }))).toEqual([
      'phantom_missing:Phantom',
    ]);
  });
});

/** The pairing QR code of `text`, as a QR reader reads it. */
function decode(text: string): string | null {
  const { size, path } = qrPath(text);
  return readQrPath(size, path)?.data ?? null;
}

describe('the pairing QR code', () => {
  it('encodes the wc: URI exactly, as a QR reader reads it', () => {
    const uri =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1765000000';
    expect(decode(uri)).toBe(uri);
  });
});
