/**
 * A change of the accounts of a user with an embedded wallet (a link, an unlink) waits on a
 * step-up (403 step_up_required with its ticket): the user confirms it is them in the
 * provider-origin surface, on 'Verify your identity', and the very same call goes through. Inside
 * a link flow the surface shows on that flow's modal, which then goes on to its success.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepUpTicketWire } from '../../../src/protocol/step-up.js';
import { STEP_UP_CODE } from '../core/wallet/ethers-frame.js';
import { SmsProvider } from '../helpers/sms-provider.js';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, digits, textbox, type } from '../helpers/widget.js';

afterEach(cleanupWidget);

const NUMBER = '+12015550123';

/** SMS and links as the server answers them; `path` refused once with a step-up for `ticket`. */
function stepUpProvider(path: string, ticket: StepUpTicketWire) {
  const provider = new SmsProvider();
  let asked = false;
  const base = provider.fetch;
  (provider as { fetch: SmsProvider['fetch'] }).fetch = async (input, init) => {
    if (new URL(input).pathname !== path || asked) return base(input, init);
    asked = true;
    const body = { code: 'step_up_required', message: 'Confirm it is you first.', ticket };
    return Response.json(body, { status: 403 });
  };
  return provider;
}

const ticket = (action: 'link' | 'unlink'): StepUpTicketWire => ({
  id: `${action}-ticket`,
  action,
  account: { type: 'phone', label: NUMBER },
  factors: [{ id: 'email', label: 'a•••@example.com' }],
  expires_at: Math.floor(Date.now() / 1000) + 600,
  approved_at: null,
});

async function withWallet(path: string, action: 'link' | 'unlink') {
  const provider = stepUpProvider(path, ticket(action));
  const client = await loggedInWithWallet({ provider, frame: { tickets: [ticket(action)] } });
  const linked: unknown[] = [];
  client.events.target.addEventListener('link:success', (e) => linked.push((e as CustomEvent).detail));
  return { ...client, provider, linked };
}

/** LINK_PHONE_SCREEN to the texted code, typed. */
async function linkPhone({ gatehouse, shadow, provider }: Awaited<ReturnType<typeof withWallet>>) {
  await gatehouse.call('linkPhone', []);
  await vi.waitFor(() => expect(textbox(shadow, 'Phone number')).toBeTruthy(), { timeout: 5000 });
  type(textbox(shadow, 'Phone number'), '2015550123');
  await vi.waitFor(() => expect(button(shadow, 'Submit').disabled).toBe(false));
  button(shadow, 'Submit').click();
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Enter confirmation code'));
  type(digits(shadow)[0]!, (provider as SmsProvider).smsCodes.get(NUMBER)!);
}

describe('a change that needs a step-up', () => {
  it("linkPhone: 'Verify your identity' frames the surface on the link's modal; after the code there, the link succeeds", async () => {
    const client = await withWallet('/api/v1/passwordless_sms/link', 'link');
    const { shadow, frame, linked, gatehouse } = client;
    await linkPhone(client);
    expect(await frame.surface.shows('verify')).toMatchObject({
      purpose: 'change',
      action: 'link',
      account: { type: 'phone', label: NUMBER },
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Verify your identity'));
    const surface = framedSurface(shadow);
    expect(surface).toMatchObject({ title: 'Verify your identity', kind: 'verify', inputs: 0 });
    expect(gatehouse.ctx.stores.$user.get()?.phone).toBeUndefined();
    const stepUp = frame.received.find((m) => m.type === 'wallet:step-up')!;
    expect(stepUp.data).toEqual({
      accessToken: expect.any(String),
      ticket: 'link-ticket',
      address: frame.address,
    });

    await frame.surface.factor('email');
    await frame.surface.code(STEP_UP_CODE);
    await vi.waitFor(() => expect(linked).toHaveLength(1));
    expect(dialog(shadow)?.textContent).toContain('Account linked successfully');
    expect(gatehouse.ctx.stores.$user.get()?.phone).toEqual({ number: NUMBER });
    expect(frame.replyTo(stepUp.id)).toMatchObject({ data: { approved: true } });
    expect(JSON.stringify(frame.received)).not.toContain(STEP_UP_CODE);
  });

  it('closing the modal during the step-up ends the link and gives the step-up up; nothing is linked', async () => {
    const client = await withWallet('/api/v1/passwordless_sms/link', 'link');
    const { shadow, frame, linked, gatehouse } = client;
    await linkPhone(client);
    await frame.surface.shows('verify');
    button(shadow, 'Close').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    const stepUp = frame.received.find((m) => m.type === 'wallet:step-up')!;
    await vi.waitFor(() =>
      expect(frame.replyTo(stepUp.id)).toMatchObject({ error: { type: 'user_rejected' } }),
    );
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: stepUp.id });
    expect(linked).toEqual([]);
    expect(gatehouse.ctx.stores.$user.get()?.phone).toBeUndefined();
  });

  it("unlinkPhone from the page: the step-up opens 'Verify your identity' on its own, which closes once approved", async () => {
    const client = await withWallet('/api/v1/passwordless_sms/unlink', 'unlink');
    const { gatehouse, shadow, frame, provider } = client;
    const alice = [
      ...(provider as unknown as { users: Map<string, { linked_accounts: unknown[] }> }).users.values(),
    ][0]!;
    alice.linked_accounts.push({
      type: 'phone',
      number: NUMBER,
      verified_at: 0,
      first_verified_at: 0,
      latest_verified_at: 0,
    });
    await gatehouse.ctx.session.refresh();
    expect(gatehouse.ctx.stores.$user.get()?.phone).toEqual({ number: NUMBER });
    const unlinked = gatehouse.call('unlinkPhone', [NUMBER]) as Promise<{ phone?: unknown }>;
    expect(await frame.surface.shows('verify')).toMatchObject({ action: 'unlink' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Verify your identity'));
    await frame.surface.factor('email');
    await frame.surface.code(STEP_UP_CODE);
    expect((await unlinked).phone).toBeUndefined();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});
