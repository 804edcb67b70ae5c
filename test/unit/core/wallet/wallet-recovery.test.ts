/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers):
 * connection and recovery (§4.6). A login is not enough for a new device: the frame asks for a
 * step-up (a code mailed to the user) and, for a 'user-passcode' wallet, the recovery password,
 * both in the provider-origin surface framed by EMBEDDED_WALLET_RECOVERY_SCREEN. Nothing of it is
 * done in the background.
 */

import { verifyMessage } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { STEP_UP_CODE } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

type Client = Awaited<ReturnType<typeof walletClient>>;

/** The step-up of a new device in the surface: the email factor, a wrong code, then the mailed one. */
async function confirmNewDevice({ gatehouse, frame }: Client) {
  expect(await frame.surface.shows('verify')).toMatchObject({
    purpose: 'new_device',
    action: 'new_device',
    factors: [{ id: 'email', label: 'a•••@example.com' }],
    factor: null,
  });
  expect(frame.surface.current()).toMatchObject({ kind: 'verify', purpose: 'new_device' });
  expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletRecovery);
  expect(walletUi(gatehouse.ctx).get().connecting.status).toBe('recovering');
  await frame.surface.factor('email');
  await vi.waitFor(() => expect(frame.surface.latest()?.view).toMatchObject({ sentTo: 'a•••@example.com' }));
  await frame.surface.code('000000');
  await vi.waitFor(() =>
    expect(frame.surface.latest()?.state.error).toBe('The code you entered is not valid'),
  );
  await frame.surface.code(STEP_UP_CODE);
}

describe('connection and recovery (§4.6)', () => {
  it('a restored session connects silently; a wallet not on this device is not recovered in the background', async () => {
    const client = await walletClient({ frame: { onDevice: false } });
    await vi.waitFor(() => expect(client.frame.received.map((m) => m.type)).toEqual(['wallet:connect']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.frame.received.map((m) => m.type)).toEqual(['wallet:connect']);
    expect(client.frame.surface.prompts).toEqual([]);
    expect(screen(client.gatehouse)).toBeNull();
    expect(walletUi(client.gatehouse.ctx).get().connecting.status).toBe('idle');
  });

  it("on a new device the first wallet call opens 'Load your account': the step-up in the surface, then the signature", async () => {
    const client = await walletClient({ frame: { onDevice: false } });
    const { gatehouse, frame } = client;
    const signed = gatehouse.call('signMessage', ['hello']) as Promise<string>;
    await confirmNewDevice(client);
    await frame.surface.shows('sign-message');
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    const recover = frame.received.find((m) => m.type === 'wallet:recover')!;
    // No secret, no code: the request names the wallet only.
    expect(Object.keys(recover.data).sort()).toEqual(['accessToken', 'address']);
    expect(frame.replyTo(recover.id)).toMatchObject({ data: { address: frame.address } });
    await frame.surface.approve();
    expect(verifyMessage('hello', await signed)).toBe(frame.address);
  });

  it("a call without a screen of its own (eth_requestAccounts) on a new device: 'Load your account' in a modal that closes once loaded", async () => {
    const client = await walletClient({ frame: { onDevice: false } });
    const provider = (await client.gatehouse.call('getEthereumProvider', [])) as {
      request(args: { method: string }): Promise<unknown>;
    };
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    await confirmNewDevice(client);
    expect(await accounts).toEqual([client.frame.address]);
    await vi.waitFor(() => expect(screen(client.gatehouse)).toBeNull());
  });

  it('a wallet call while the frame is still loading the key shows EMBEDDED_WALLET_CONNECTING_SCREEN; closing it rejects with 4001', async () => {
    const { gatehouse } = await walletClient({
      frame: { override: (m) => (m.type === 'wallet:connect' ? 'silence' : undefined) },
    });
    const signed = gatehouse.call('signMessage', ['hello']);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletConnecting));
    expect(walletUi(gatehouse.ctx).get().connecting.status).toBe('connecting');
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
  });

  it("'user-passcode': after the step-up, the recovery password in the surface; a wrong one stays there with §8's text", async () => {
    const client = await walletClient({
      recoveryMethod: 'user-passcode',
      frame: { onDevice: false, password: 'Secret-123' },
    });
    const { gatehouse, frame } = client;
    const signed = gatehouse.call('signMessage', ['hello']) as Promise<string>;
    await confirmNewDevice(client);
    expect(await frame.surface.shows('password-enter')).toEqual({
      kind: 'password-enter',
      address: frame.address,
    });
    expect(frame.surface.current()?.kind).toBe('password-enter');
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletRecovery);
    await frame.surface.password('wrong-one', 'password-enter');
    await vi.waitFor(() =>
      expect(frame.surface.latest()?.state).toEqual({
        busy: false,
        error: 'Invalid recovery password, please try again.',
        code: 'invalid_recovery_pin',
      }),
    );
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletRecovery);
    await frame.surface.password('Secret-123', 'password-enter');
    await frame.surface.shows('sign-message');
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    // The password went from the surface to the frame: no request of the host carries one.
    expect(JSON.stringify(frame.received)).not.toMatch(/Secret-123|wrong-one/);
    await frame.surface.approve();
    expect(verifyMessage('hello', await signed)).toBe(frame.address);
  });

  it('closing the recovery screen rejects the call with 4001 and the frame gives the recovery up', async () => {
    const { gatehouse, frame } = await walletClient({ frame: { onDevice: false } });
    const signed = gatehouse.call('signMessage', ['hello']);
    await frame.surface.shows('verify');
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
    const recover = frame.received.find((m) => m.type === 'wallet:recover')!;
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: recover.id });
    await vi.waitFor(() =>
      expect(frame.replyTo(recover.id)).toMatchObject({ error: { type: 'user_rejected' } }),
    );
    expect(frame.onDevice).toBe(false);
  });
});
