/**
 * Passkeys in Chromium without a person or a security key: the browser's virtual authenticator
 * over CDP (WebAuthn domain), which answers every ceremony of the page and its frames as a
 * platform authenticator that verified its user would (ctap2, resident keys, PRF).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { surfaceSays } from './surface-steps.js';
import { clickInSurface, waitForDialog } from './wallet-world.js';

export interface VirtualAuthenticator {
  session: CDPSession;
  id: string;
  /** The passkeys it holds (their RP ID and sign count). */
  credentials(): Promise<Array<{ credentialId: string; rpId?: string; signCount: number }>>;
}

/** A platform authenticator for `page` (and its frames); `prf: false` for one without the PRF extension. */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
  { prf = true }: { prf?: boolean } = {},
): Promise<VirtualAuthenticator> {
  const session = await context.newCDPSession(page);
  await session.send('WebAuthn.enable');
  const { authenticatorId: id } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: prf,
      automaticPresenceSimulation: true,
    },
  });
  return {
    session,
    id,
    credentials: async () =>
      (await session.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials,
  };
}

/**
 * What a new device that syncs the passkey has: nothing of either origin (the host's storage, the
 * wallet frame's IndexedDB, the provider's cookies), but the same authenticator. Through the
 * authenticator's own session: detaching another one from the page turns the virtual
 * authenticators off.
 */
export async function clearSiteData(authenticator: VirtualAuthenticator, origins: string[]): Promise<void> {
  for (const origin of origins) {
    await authenticator.session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  }
}

/** The surface's passkey view for `title`: the user presses 'Continue with passkey' there. */
export async function continueWithPasskey(page: Page, title: string): Promise<void> {
  await surfaceSays(page, title);
  await clickInSurface(page, 'Continue with passkey');
}

/** A visitor with no passkey yet: loginWithPasskey(), then 'Create a passkey' in the surface. */
export async function signUpWithPasskey(page: Page): Promise<unknown> {
  const signedUp = page.evaluate(() => window.LoginWidget.loginWithPasskey());
  await waitForDialog(page, 'Log in with passkey');
  await clickInSurface(page, 'Create a passkey');
  await continueWithPasskey(page, 'Create a passkey');
  return signedUp;
}
