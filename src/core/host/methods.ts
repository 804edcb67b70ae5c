/**
 * The methods of window.LoginWidget (protocol/loader.ts names them; the loader builds the object
 * from those names): one table, each entry a function of the context. Every method waits until
 * the app is ready; the wallet methods load their code with their first call.
 */
import { OAUTH_LINK_METHODS } from '../../protocol/constants.js';
import {
  EMBEDDED_WALLET_METHODS,
  EXTERNAL_WALLET_METHODS,
  FARCASTER_ACTION_METHODS,
  FARCASTER_WIDGET_METHODS,
  type FarcasterActionMethod,
  HEADLESS_WIDGET_METHODS,
  MFA_WIDGET_METHODS,
  PASSKEY_WIDGET_METHODS,
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
import { loadPasskey } from '../loaders/passkey.js';
import { useLocale } from '../locale.js';
import { logout } from '../session/logout.js';
import { init, linkOAuth, login, openLink, updateEmail } from './account.js';

type Method = (ctx: Context, ready: Promise<void>, args: unknown[]) => unknown;

const text = (value: unknown): string => String(value ?? '');

/** Unlinking an email or a phone (core/login/linking.ts): one import() for both, one preload list here. */
const loadLinking = () => import('../login/linking.js');

/** Waits for the app, then runs `run`. */
const afterReady =
  (run: (ctx: Context, args: unknown[]) => unknown): Method =>
  async (ctx, ready, args) => {
    await ready;
    return run(ctx, args);
  };

/** A chunk's method of window.LoginWidget: it takes the host's arguments as they come (unknown). */
type ChunkMethod = (ctx: Context, ...args: unknown[]) => unknown;

/** Runs `method` of a lazy chunk's METHODS (the chunk loads with the first call). */
const inChunk = <K extends string>(
  load: () => Promise<{ METHODS: Record<K, ChunkMethod> }>,
  method: K,
): Method => afterReady(async (ctx, args) => (await load()).METHODS[method](ctx, ...args));

/** Each method of a chunk's list (protocol/loader.ts) runs the chunk's METHODS entry of that name. */
const chunkMethods = <K extends string>(
  names: readonly K[],
  load: () => Promise<{ METHODS: Record<K, ChunkMethod> }>,
): Record<K, Method> =>
  Object.fromEntries(names.map((name) => [name, inChunk(load, name)])) as Record<K, Method>;

const oauthLinks = Object.fromEntries(
  Object.entries(OAUTH_LINK_METHODS).map(([method, provider]) => [
    method,
    afterReady((ctx) => linkOAuth(ctx, provider)),
  ]),
) as Record<keyof typeof OAUTH_LINK_METHODS, Method>;

const farcasterActions = Object.fromEntries(
  FARCASTER_ACTION_METHODS.map((action) => [
    `farcaster.${action}`,
    inChunk(loadFarcaster, `farcaster.${action}`),
  ]),
) as Record<FarcasterActionMethod, Method>;

export type CallableMethod = WidgetMethod | FarcasterActionMethod;

export const METHODS: Record<CallableMethod, Method> = {
  init: (ctx, ready, [config]) => init(ctx, ready, config),
  login: (ctx, ready) => login(ctx, ready),
  logout: afterReady((ctx) => logout(ctx)),
  setLocale: (ctx, _ready, [tag]) => useLocale(ctx, text(tag)),
  getAccessToken: afterReady((ctx) => ctx.session.getAccessToken()),
  forkSession: afterReady((ctx) => ctx.session.fork()),
  linkEmail: afterReady((ctx) => openLink(ctx, SCREENS.linkEmail)),
  linkPhone: afterReady((ctx) => openLink(ctx, SCREENS.linkPhone)),
  updateEmail: afterReady((ctx) => updateEmail(ctx)),
  unlinkEmail: afterReady(async (ctx, [address]) => (await loadLinking()).unlinkEmail(ctx, text(address))),
  unlinkPhone: afterReady(async (ctx, [phone]) => (await loadLinking()).unlinkPhone(ctx, text(phone))),
  ...oauthLinks,
  unlinkOAuth: afterReady(async (ctx, [provider, subject]) =>
    (await loadOAuth()).unlinkOAuth(ctx, text(provider), text(subject)),
  ),
  ...chunkMethods(EMBEDDED_WALLET_METHODS, loadEmbeddedWallet),
  ...chunkMethods(EXTERNAL_WALLET_METHODS, loadExternalWallets),
  ...chunkMethods(MFA_WIDGET_METHODS, loadMfa),
  fundWallet: inChunk(loadFunding, 'fundWallet'),
  ...chunkMethods(FARCASTER_WIDGET_METHODS, loadFarcaster),
  ...farcasterActions,
  ...chunkMethods(PASSKEY_WIDGET_METHODS, loadPasskey),
  // The OAuth chunk carries the code login's headless methods too: no chunk of their own here.
  ...chunkMethods(HEADLESS_WIDGET_METHODS, loadOAuth),
};

export const isWidgetMethod = (name: string): name is CallableMethod => Object.hasOwn(METHODS, name);
