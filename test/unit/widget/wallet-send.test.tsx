/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (§2.3, §4.6): the preview this page knows (dollars, fees,
 * balance, the host's words, Add Funds) and, once the frame asks, the provider-origin surface that
 * shows what is signed and holds the Send: the screen has no approval control of its own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletSendPreview } from '../../../src/core/wallet/embedded/ui-state.js';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName, link } from '../helpers/widget.js';

afterEach(cleanupWidget);

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function preview(overrides: Partial<WalletSendPreview> = {}): WalletSendPreview {
  return {
    chainId: 31337,
    chainName: 'Hardhat',
    title: 'Send ETH',
    kind: 'SEND',
    symbol: 'ETH',
    from: FROM,
    to: TO,
    fromUrl: `https://explorer.test/address/${FROM}`,
    toUrl: `https://explorer.test/address/${TO}`,
    amount: { token: '0.5', usd: '$1,500.00' },
    gasFee: { token: '0.000042', usd: '$0.13' },
    l1Fee: null,
    fee: { token: '0.000042', usd: '$0.13' },
    total: { token: '0.500042', usd: '$1,500.13' },
    balance: { token: '10', usd: '$30,000.00' },
    primary: 'fiat-currency',
    secondary: 'native-token',
    insufficientFunds: false,
    ...overrides,
  };
}

const SURFACE = {
  url: 'https://provider.test/apps/app/embedded-wallets/surface?prompt=p1&origin=https%3A%2F%2Fshop.test',
  prompt: 'p1',
  kind: 'transaction' as const,
  height: 300,
};

const buttons = (shadow: ShadowRoot) =>
  [...(dialog(shadow)?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
/** The review ready, as core leaves it once the transaction is prepared. */
const readyToSend = () => ({
  uiOptions: {},
  status: 'ready' as const,
  preview: preview(),
  transactionHash: null,
  transactionUrl: null,
  error: null,
});

const text = (shadow: ShadowRoot) => dialog(shadow)?.textContent ?? '';
const status = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="status"]')].map((el) => el.textContent).join('|');
const alert = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="alert"]')].map((el) => el.textContent).join('|');

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN', () => {
  it("a plain send is titled 'Send ETH' with amount, fee, total, linked from/to, network and balance", async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: readyToSend(),
    });
    expect(dialogName(shadow)).toBe('Send ETH');
    const body = text(shadow);
    for (const seen of [
      'Amount',
      '$1,500.00',
      '0.5 ETH',
      'Network fee',
      '0.000042 ETH',
      '$0.13',
      'Total',
      '0.500042 ETH',
      'Available balance',
      '10 ETH',
      '$30,000.00',
      'Hardhat',
    ]) {
      expect(body).toContain(seen);
    }
    // The accessible name holds the visible text; the full address is the title.
    const from = link(shadow, '0xf39…2266 on the block explorer');
    expect(from.href).toBe(`https://explorer.test/address/${FROM}`);
    expect(from.textContent).toBe('0xf39…2266');
    expect(from.title).toBe(FROM);
    expect(from.target).toBe('_blank');
    expect(from.rel).toContain('noopener');
    expect(link(shadow, '0x709…79C8 on the block explorer').title).toBe(TO);
    // Until the frame asks, nothing to approve: Cancel only.
    expect(buttons(shadow)).not.toContain('Approve');
    expect(shadow.querySelector('iframe')).toBeNull();
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Cancel')));
  });

  it('with the surface: the amount, total and balance here, the surface (what is signed, and Send) beside them', async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: readyToSend(),
      surface: SURFACE,
    });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());
    const frame = shadow.querySelector('iframe')!;
    // The modal's look follows the surface's own query (ProviderSurface).
    expect(frame.getAttribute('src')).toContain(`${SURFACE.url}&accent=`);
    expect(frame.getAttribute('title')).toBe('Send ETH');
    expect(frame.style.height).toBe('300px');
    // The surface heads itself ('Send ETH'); the dialog keeps the name.
    expect(dialogName(shadow)).toBe('Send ETH');
    const body = text(shadow);
    for (const seen of ['$1,500.00', '0.5 ETH', 'Total', '$1,500.13', 'Available balance', '$30,000.00']) {
      expect(body).toContain(seen);
    }
    // The recipient and the fee breakdown are the surface's to show, from what it signs.
    expect(body).not.toContain('Network fee');
    expect(() => link(shadow, '0x709…79C8 on the block explorer')).toThrow();
    expect(dialog(shadow)?.querySelectorAll('input')).toHaveLength(0);
    expect(buttons(shadow)).not.toContain('Approve');
    expect(buttons(shadow)).not.toContain('Send');
  });

  it('the native token alone when the host chose it first (§9: no dollars then); the OP-stack L1 fee as its own line', async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {},
        status: 'ready',
        preview: preview({
          title: 'Review transaction',
          kind: 'CONTRACT_CALL',
          primary: 'native-token',
          gasFee: { token: '0.00002', usd: null },
          l1Fee: { token: '0.000001', usd: null },
          fee: { token: '0.000021', usd: null },
          amount: { token: '0.5', usd: '$1,500.00' },
        }),
        transactionHash: null,
        transactionUrl: null,
        error: null,
      },
    });
    expect(dialogName(shadow)).toBe('Review transaction');
    const amountRow = [...shadow.querySelectorAll('dt')].find((dt) => dt.textContent === 'Amount')!
      .nextElementSibling!;
    expect(amountRow.textContent).toBe('0.5 ETH');
    expect(text(shadow)).not.toContain('$');
    const body = text(shadow);
    expect(body).toContain('Gas fee');
    expect(body).toContain('0.00002 ETH');
    expect(body).toContain('Layer 1 fee');
    expect(body).toContain('0.000001 ETH');
  });

  it("priceDisplay.secondary 'fiat-currency': the dollars alone; without a price the native amount alone", async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {},
        status: 'ready',
        preview: preview({ secondary: 'fiat-currency', fee: { token: '0.000042', usd: null } }),
        transactionHash: null,
        transactionUrl: null,
        error: null,
      },
    });
    const row = (label: string) =>
      [...shadow.querySelectorAll('dt')].find((dt) => dt.textContent === label)!.nextElementSibling!
        .textContent;
    expect(row('Amount')).toBe('$1,500.00');
    expect(row('Network fee')).toBe('0.000042 ETH');
    expect(text(shadow)).not.toContain('0.5 ETH');
  });

  it("insufficient funds: the §8 text, 'Add funds' where the app funds wallets, focus on Cancel; no surface", async () => {
    const { gatehouse, shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {},
        status: 'error',
        preview: preview({ insufficientFunds: true, balance: { token: '0.1', usd: '$300.00' } }),
        transactionHash: null,
        transactionUrl: null,
        error: 'Wallet has insufficient funds for this transaction.',
        canFund: false,
      },
    });
    expect(alert(shadow)).toContain('Wallet has insufficient funds for this transaction.');
    expect(buttons(shadow)).not.toContain('Add funds');
    expect(buttons(shadow)).not.toContain('Try again');
    expect(shadow.querySelector('iframe')).toBeNull();
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Cancel')));
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletRequest).toHaveBeenCalledTimes(1);
    setWalletUi(gatehouse, { send: { canFund: true } });
    await vi.waitFor(() => expect(buttons(shadow)).toContain('Add funds'));
    button(shadow, 'Add funds').click();
    expect(actions.addFunds).toHaveBeenCalledTimes(1);
  });

  it("while preparing: a status and Cancel; the surface's Send → 'Submitting (may take a few moments)...' → 'Transaction complete' → 'All done' closes", async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {},
        status: 'preparing',
        preview: null,
        transactionHash: null,
        transactionUrl: null,
        error: null,
      },
    });
    expect(dialogName(shadow)).toBe('Review transaction');
    expect(status(shadow)).toContain('Preparing your transaction…');
    expect(buttons(shadow)).toEqual(expect.arrayContaining(['Cancel']));

    setWalletUi(gatehouse, { send: { status: 'ready', preview: preview() }, surface: SURFACE });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());

    // Sent from the surface: the frame signed, core broadcasts.
    setWalletUi(gatehouse, { send: { status: 'submitting' }, surface: null });
    await vi.waitFor(() => expect(status(shadow)).toContain('Submitting (may take a few moments)...'));
    expect(shadow.querySelector('iframe')).toBeNull();
    // §4.6: closing before completion rejects (4001), so Cancel stays while submitting.
    expect(buttons(shadow)).toContain('Cancel');

    setWalletUi(gatehouse, {
      send: { status: 'done', transactionHash: '0xabc', transactionUrl: 'https://explorer.test/tx/0xabc' },
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transaction complete'));
    // Said once, without an exclamation mark.
    expect(dialog(shadow)?.textContent?.split('Transaction complete')).toHaveLength(2);
    expect(dialog(shadow)?.textContent).not.toContain('!');
    expect(link(shadow, 'View transaction').href).toBe('https://explorer.test/tx/0xabc');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'All done')));
    button(shadow, 'All done').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it('a failed submit shows the §8 text and may be tried again; uiOptions.header titles the screen', async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {
          header: 'Buy the sword',
          description: 'A sharp one.',
          transactionInfo: {
            title: 'Sword shop',
            action: 'Buy 1 sword',
            contractInfo: {
              name: 'SwordShop',
              url: 'https://swords.test',
              imgUrl: 'https://swords.test/logo.png',
              imgAltText: 'Sword shop logo',
            },
          },
        },
        status: 'error',
        preview: preview(),
        transactionHash: null,
        transactionUrl: null,
        error: 'There was an error processing your transaction. Please contact support.',
      },
    });
    expect(dialogName(shadow)).toBe('Buy the sword');
    expect(text(shadow)).toContain('A sharp one.');
    expect(text(shadow)).toContain('Sword shop');
    expect(text(shadow)).toContain('Buy 1 sword');
    expect(link(shadow, 'SwordShop').href).toBe('https://swords.test/');
    expect(shadow.querySelector('img')?.getAttribute('alt')).toBe('Sword shop logo');
    expect(alert(shadow)).toContain(
      'There was an error processing your transaction. Please contact support.',
    );
    // The surface asks again only when the user tries again.
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Try again')));
    button(shadow, 'Try again').click();
    expect(actions.retry).toHaveBeenCalledTimes(1);
  });

  it('sent without its receipt yet: Transaction submitted, what it means, the link, and All done', async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSendTransaction, {
      send: {
        uiOptions: {},
        status: 'done',
        pending: true,
        preview: preview(),
        transactionHash: '0xabc',
        transactionUrl: 'https://explorer.test/tx/0xabc',
        error: null,
      },
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transaction submitted'));
    expect(shadow.textContent).toContain('It is not confirmed yet. It needs nothing more from you.');
    expect(shadow.textContent).not.toContain('contact support');
    expect(link(shadow, 'View transaction').href).toBe('https://explorer.test/tx/0xabc');
    expect(button(shadow, 'All done')).toBeTruthy();
  });
});
