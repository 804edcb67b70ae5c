/**
 * The methods of window.LoginWidget (protocol/loader.ts names them; the loader builds the object
 * from those names): one table, each entry a function of the context. Every method waits until
 * the app is ready; the wallet methods load their code with their first call.
 */
import {
  OAUTH_LINK_METHODS,
  type WalletWidgetMethod,
  WIDGET_METHODS,
  type WidgetMethod,
} from '../../protocol/loader.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { loadEmbeddedWallet } from '../loaders/embedded-wallet.js';
import { loadExternalWallets } from '../loaders/external-wallets.js';
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

export const METHODS: Record<WidgetMethod, Method> = {
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
};

export const isWidgetMethod = (name: string): name is WidgetMethod =>
  (WIDGET_METHODS as readonly string[]).includes(name);
