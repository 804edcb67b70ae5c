/**
 * The methods of window.LoginWidget (protocol/loader.ts names them; the loader builds the object
 * from those names): one table, each entry a function of the context. Every method waits until
 * the app is ready; the wallet methods load their code with their first call.
 */
import { OAUTH_LINK_METHODS } from '../../protocol/constants.js';
import {
  FARCASTER_ACTION_METHODS,
  type FarcasterActionMethod,
  type MfaWidgetMethod,
  type WalletWidgetMethod,
  type WidgetMethod,
} from '../../protocol/loader.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { loadEmbeddedWallet } from '../loaders/embedded-wallet.js';
import { loadExternalWallets } from '../loaders/external-wallets.js';
import { loadFarcaster } from '../loaders/farcaster.js';
import { loadFunding } from '../loaders/funding.js';
import { loadMfa } from '../loaders/mfa.js';
import { loadOAuth } from '../loaders/oauth.js';
import { logout } from '../session/logout.js';
import { init, linkOAuth, login, openLink, updateEmail } from './account.js';

type Method = (ctx: Context, ready: Promise<void>, args: unknown[]) => unknown;

const text = (value: unknown): string => String(value ?? '');

/** Waits for the app, then runs `run`. */
const afterReady =
  (run: (ctx: Context, args: unknown[]) => unknown): Method =>
  async (ctx, ready, args) => {
    await ready;
    return run(ctx, args);
  };

const embedded = (method: Exclude<WalletWidgetMethod, ExternalMethod>): Method =>
  afterReady(async (ctx, args) => {
    const run = (await loadEmbeddedWallet()).METHODS[method] as (ctx: Context, ...rest: unknown[]) => unknown;
    return run(ctx, ...args);
  });

type ExternalMethod = 'connectWallet' | 'connectOrCreateWallet' | 'linkWallet' | 'unlinkWallet';

const mfa = (method: MfaWidgetMethod): Method =>
  afterReady(async (ctx, args) => {
    const run = (await loadMfa()).METHODS[method] as (ctx: Context, ...rest: unknown[]) => unknown;
    return run(ctx, ...args);
  });
const external = (method: ExternalMethod): Method =>
  afterReady(async (ctx, args) => {
    const run = (await loadExternalWallets()).METHODS[method] as (
      ctx: Context,
      ...rest: unknown[]
    ) => unknown;
    return run(ctx, ...args);
  });

const oauthLinks = Object.fromEntries(
  Object.entries(OAUTH_LINK_METHODS).map(([method, provider]) => [
    method,
    afterReady((ctx) => linkOAuth(ctx, provider)),
  ]),
) as Record<keyof typeof OAUTH_LINK_METHODS, Method>;

const farcaster = (method: string): Method =>
  afterReady(async (ctx, args) => {
    const run = (await loadFarcaster()).METHODS[method];
    return run?.(ctx, ...args);
  });
const farcasterActions = Object.fromEntries(
  FARCASTER_ACTION_METHODS.map((action) => [`farcaster.${action}`, farcaster(`farcaster.${action}`)]),
) as Record<FarcasterActionMethod, Method>;

export type CallableMethod = WidgetMethod | FarcasterActionMethod;

export const METHODS: Record<CallableMethod, Method> = {
  init: (ctx, ready, [config]) => init(ctx, ready, config),
  login: (ctx, ready) => login(ctx, ready),
  logout: afterReady((ctx) => logout(ctx)),
  getAccessToken: afterReady((ctx) => ctx.session.getAccessToken()),
  forkSession: afterReady((ctx) => ctx.session.fork()),
  linkEmail: afterReady((ctx) => openLink(ctx, SCREENS.linkEmail)),
  linkPhone: afterReady((ctx) => openLink(ctx, SCREENS.linkPhone)),
  updateEmail: afterReady((ctx) => updateEmail(ctx)),
  unlinkEmail: afterReady(async (ctx, [address]) =>
    (await import('../login/linking.js')).unlinkEmail(ctx, text(address)),
  ),
  unlinkPhone: afterReady(async (ctx, [phone]) =>
    (await import('../login/linking.js')).unlinkPhone(ctx, text(phone)),
  ),
  ...oauthLinks,
  unlinkOAuth: afterReady(async (ctx, [provider, subject]) =>
    (await loadOAuth()).unlinkOAuth(ctx, text(provider), text(subject)),
  ),
  createWallet: embedded('createWallet'),
  signMessage: embedded('signMessage'),
  signTypedData: embedded('signTypedData'),
  sendTransaction: embedded('sendTransaction'),
  exportWallet: embedded('exportWallet'),
  setWalletPassword: embedded('setWalletPassword'),
  getEthereumProvider: embedded('getEthereumProvider'),
  getWalletDevices: embedded('getWalletDevices'),
  revokeWalletDevice: embedded('revokeWalletDevice'),
  connectWallet: external('connectWallet'),
  connectOrCreateWallet: external('connectOrCreateWallet'),
  linkWallet: external('linkWallet'),
  unlinkWallet: external('unlinkWallet'),
  showMfaEnrollment: mfa('showMfaEnrollment'),
  initMfaEnrollment: mfa('initMfaEnrollment'),
  submitMfaEnrollment: mfa('submitMfaEnrollment'),
  unenrollMfa: mfa('unenrollMfa'),
  initMfa: mfa('initMfa'),
  submitMfa: mfa('submitMfa'),
  cancelMfa: mfa('cancelMfa'),
  fundWallet: afterReady(async (ctx, [address, options]) =>
    (await loadFunding()).METHODS.fundWallet(ctx, address, options),
  ),
  linkFarcaster: farcaster('linkFarcaster'),
  unlinkFarcaster: farcaster('unlinkFarcaster'),
  requestFarcasterSigner: farcaster('requestFarcasterSigner'),
  ...farcasterActions,
};

export const isWidgetMethod = (name: string): name is CallableMethod => Object.hasOwn(METHODS, name);
