/**
 * The host's calls about the session and the user's accounts (window.LoginWidget): init, login,
 * logout, tokens, and the email / phone / social links. Each is a function of the context.
 */
import { SCREENS, type ScreenName } from '../../protocol/screens.js';
import { hasLoginConfig, hasWalletConfig, mergedHostConfig } from '../config.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from '../errors/messages.js';
import { resumeWalletCreation } from '../loaders/embedded-wallet.js';
import { loadOAuth } from '../loaders/oauth.js';
import { useLocale } from '../locale.js';
import { resumeConsent } from '../login/consent-resume.js';
import { linkFailed } from '../login/failure.js';
import type { AuthFlowState } from '../modal/modal.js';
import { openModal } from '../modal/open.js';
import { captchaOn } from '../settings/captcha.js';
import { loginSettings } from '../settings/login.js';
import { syncCustomAuth } from './custom-auth-sync.js';

/** Merges host-side configuration over the app's; resolves once the app is ready (§3, §5). */
export async function init(ctx: Context, ready: Promise<void>, config: unknown): Promise<void> {
  // A login() called meanwhile opens the modal with this configuration (configure awaits chunks).
  const configured = configure(ctx, config);
  ctx.configured = configured;
  await configured;
  await ready;
  // Custom auth: every init() re-checks the host's token (it may be new, or no longer loading).
  await syncCustomAuth(ctx);
  // The host may require terms itself (legal.requireUsersAcceptTerms).
  resumeConsent(ctx);
  // A wallet a login did not finish making (createOnLogin may come from init alone).
  resumeWalletCreation(ctx);
  // §5: a captcha needs the app's site key in its t: form; anything else throws here.
  if (captchaOn(ctx)) (await import('../captcha.js')).captchaSite(ctx);
  // §5: the host's methods must leave at least one that the app has switched on.
  if (!loginSettings(ctx).hasLoginMethod) {
    throw clientError(CODES.invalidConfig, MESSAGES.mustEnableOneLoginMethod);
  }
}

/** Checks the host's configuration and puts it over the current one (§3, §5). */
async function configure(ctx: Context, config: unknown): Promise<void> {
  // The checks are a chunk of their own: their rules stay off every page (about 0.5 KB).
  let host = (await import('./config-check.js')).validateHostConfig(config);
  if (hasLoginConfig(host)) host = (await import('../login/config.js')).validateLoginConfig(host);
  const merged = mergedHostConfig(ctx.$hostConfig, host);
  // §5: embeddedWallets' values; supportedChains not empty and holding the default chain.
  if (hasWalletConfig(merged)) (await import('../wallet/host-config.js')).validateWalletConfig(merged);
  ctx.$hostConfig.set(merged);
  // The host's language: the modal shows it (now, if its chunk is already there).
  if (host.intl?.locale) useLocale(ctx, host.intl.locale);
}

/** Opens the modal at LANDING (a loading state shows until the app is ready, §2.1). */
export async function login(ctx: Context, ready: Promise<void>): Promise<void> {
  const waiting = !ctx.stores.$ready.get();
  if (waiting) openModal(ctx);
  try {
    await ready;
    // A refused configuration is init()'s to say: the modal opens with the one before.
    await ctx.configured?.catch(() => {});
  } catch (error) {
    ctx.modal.close();
    throw error;
  }
  if (ctx.session.authenticated) {
    // §4.1: only a warning; the terms, when they wait for an answer, stay on screen.
    console.warn(MESSAGES.alreadyLoggedIn);
    if (ctx.modal.$modal.get().screen !== SCREENS.affirmativeConsent) ctx.modal.close();
    return;
  }
  if (!waiting) openModal(ctx);
  // The modal's files may not arrive (the provider went away): then login() rejects with why.
  await ctx.modal.shown();
}

function requireSession(ctx: Context): void {
  if (!ctx.session.authenticated) {
    throw linkFailed(ctx, clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated));
  }
}

/** LINK_EMAIL_SCREEN / LINK_PHONE_SCREEN / UPDATE_EMAIL_SCREEN for the logged-in user (§2.2). */
export function openLink(ctx: Context, screen: ScreenName, flow: Partial<AuthFlowState> = {}): void {
  requireSession(ctx);
  ctx.modal.replace(screen, { intent: 'link', ...flow });
}

/** UPDATE_EMAIL_SCREEN: the user's email moves to a new, verified address (§5). */
export function updateEmail(ctx: Context): void {
  if (ctx.session.authenticated && !ctx.stores.$user.get()?.email) {
    throw linkFailed(ctx, clientError(CODES.invalidInput, MESSAGES.emailRequiredForUpdate));
  }
  openLink(ctx, SCREENS.updateEmail, { intent: 'update' });
}

/** LANDING's social buttons: log in with an identity provider; the page goes there (§4.3, §4.4). */
export async function loginWithOAuth(ctx: Context, provider: string): Promise<void> {
  if (ctx.session.authenticated) {
    console.warn(MESSAGES.alreadyLoggedIn);
    return;
  }
  await (await loadOAuth()).startOAuth(ctx, provider, 'login');
}

/** `LoginWidget.linkGoogle()` … `linkApple()`: the same redirect, adding the account to the user. */
export async function linkOAuth(ctx: Context, provider: string): Promise<void> {
  requireSession(ctx);
  await (await loadOAuth()).startOAuth(ctx, provider, 'link');
}
