/**
 * The provider-origin surface on the host's screen (ProviderSurface, core/wallet/embedded/surface.ts)
 * over the real wallet client: the page learns the surface's height and an Escape pressed in it,
 * from the provider's origin exactly and for the prompt it shows; nothing else it sends counts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_ORIGIN } from '../core/wallet/ethers-frame.js';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { cleanupWidget, dialog } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const status = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="status"]')].map((el) => el.textContent).join('|');

async function signing() {
  const client = await loggedInWithWallet();
  const signed = (client.gatehouse.call('signMessage', ['Hello']) as Promise<unknown>).catch(
    (error: unknown) => error,
  );
  await client.frame.surface.shows('sign-message');
  const surface = await vi.waitFor(() => framedSurface(client.shadow), { timeout: 3000 });
  const prompt = surface.prompt as string;
  /** A message of the surface's page to its parent (this page). */
  const fromSurface = (data: Record<string, unknown>, origin = PROVIDER_ORIGIN) =>
    client.frame.post({ source: 'gatehouse', prompt, ...data }, origin, surface.iframe.contentWindow);
  return { ...client, signed, surface, prompt, fromSurface };
}

describe('the provider-origin surface on the sign screen', () => {
  it("is sized to the height it reports, from the provider's origin and for its prompt only; 'Loading…' until then", async () => {
    const { shadow, surface, fromSurface } = await signing();
    expect(surface.iframe.style.height).toBe('0px');
    expect(status(shadow)).toContain('Loading the secure frame…');
    fromSurface({ type: 'gatehouse:surface:size', height: 236.6 });
    await vi.waitFor(() => expect(surface.iframe.style.height).toBe('237px'));
    expect(status(shadow)).not.toContain('Loading the secure frame…');
    // Another origin, another prompt, another source tag, a height that is no number: nothing.
    fromSurface({ type: 'gatehouse:surface:size', height: 900 }, 'https://shop.test');
    fromSurface({ type: 'gatehouse:surface:size', height: 900, prompt: 'another' });
    fromSurface({ type: 'gatehouse:surface:size', height: 900, source: 'other' });
    fromSurface({ type: 'gatehouse:surface:size', height: '900' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(surface.iframe.style.height).toBe('237px');
    // A height beyond reason is capped.
    fromSurface({ type: 'gatehouse:surface:size', height: 99_999 });
    await vi.waitFor(() => expect(surface.iframe.style.height).toBe('2000px'));
  });

  it('Escape pressed inside the surface closes the screen: the call rejects with 4001 and the frame drops it', async () => {
    const { shadow, frame, signed, fromSurface } = await signing();
    fromSurface({ type: 'gatehouse:surface:escape' }, 'https://evil.test');
    fromSurface({ type: 'gatehouse:surface:escape', prompt: 'another' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dialog(shadow)).not.toBeNull();
    fromSurface({ type: 'gatehouse:surface:escape' });
    expect(await signed).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: rpc.id });
  });
});
