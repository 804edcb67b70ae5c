/**
 * The key export view (§2.3), at `/apps/{appId}/embedded-wallets/export?channel&address&width&caid&origin&background&foreground&accent`.
 * The access token comes from the parent by postMessage (export-token.ts), never in the URL. It
 * rebuilds the wallet from this device's share and the auth share (released to this browser's
 * device key) — or, without them, from the recovery share with a device key of its own (a new
 * device: a recent login, and the password of a 'user-passcode' wallet) — checks the address,
 * and shows the private key only inside this provider-origin page, only after a click inside it.
 * Nothing is posted to the host but the token request.
 */
import { COPY_FEEDBACK_MS } from '../protocol/constants.js';
import { readableOn } from '../protocol/contrast.js';
import { WALLET_FRAME_QUERY } from '../protocol/wallet-frame.js';
import { type DeviceKey, newDeviceKey } from './device-key.js';
import type { DeviceStore } from './device-store.js';
import { AddressMismatchError, reconstruct } from './keys.js';
import { openWithPassword, WrongPasswordError } from './password-box.js';
import { EXPORT_TEXTS } from './texts.js';
import { type WalletApi, WalletApiError } from './wallet-api.js';

export interface ExportParams {
  address: string;
  width?: number;
  colours: Partial<Record<'background' | 'foreground' | 'accent', string>>;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const COLOUR = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/a-z]*\))$/;
const MIN_WIDTH = 200;
const MAX_WIDTH = 1200;

/** The view's parameters from its query string; undefined without a valid address. */
export function readExportParams(search: string): ExportParams | undefined {
  const query = new URLSearchParams(search);
  const address = query.get(WALLET_FRAME_QUERY.address);
  if (!address || !ADDRESS.test(address)) return undefined;
  const colours: ExportParams['colours'] = {};
  for (const name of ['background', 'foreground', 'accent'] as const) {
    const value = query.get(WALLET_FRAME_QUERY[name])?.trim();
    if (value && COLOUR.test(value)) colours[name] = value;
  }
  const width = Number(query.get(WALLET_FRAME_QUERY.width));
  return {
    address,
    colours,
    ...(Number.isInteger(width) && width >= MIN_WIDTH && width <= MAX_WIDTH ? { width } : {}),
  };
}

export interface ExportViewOptions {
  appId: string;
  params: ExportParams;
  /** The access token, once the parent has handed it over. */
  accessToken: () => Promise<string>;
  store: DeviceStore;
  api: WalletApi;
  /** Writes the key to the clipboard; navigator.clipboard in a browser. */
  copy?: (text: string) => Promise<void>;
  /** The wallet frame's MFA proof for the token (mfa-bridge.ts), for a user with MFA. */
  mfaProof?: (accessToken: string) => Promise<string | undefined>;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A 'user-passcode' wallet that is not on this device: the view asks for the recovery password. */
class PasswordNeededError extends Error {}

/** The device key of a recovery this view started (kept for a retry with the password). */
interface ViewState {
  pending?: DeviceKey;
}

/** The other share and the device key that gets the auth share: this browser's, or a recovery's. */
async function otherShare(
  options: ExportViewOptions,
  state: ViewState,
  token: string,
  password: string | undefined,
  mfaProof: string | undefined,
): Promise<{ share: Uint8Array; key: DeviceKey }> {
  const { appId, params, store, api } = options;
  const key = await store.getKey(appId, params.address);
  const device = key ? await store.get(appId, params.address) : undefined;
  if (key && device) return { share: device, key };
  state.pending ??= await newDeviceKey();
  const recovery = await api.recovery(token, params.address, { device: state.pending, mfaProof });
  if (recovery.recoveryMethod === 'gatehouse') return { share: recovery.share, key: state.pending };
  if (password === undefined) throw new PasswordNeededError();
  return { share: await openWithPassword(recovery.box, password), key: state.pending };
}

/**
 * The private key, checked against `address`: from this device's share and the auth share, or,
 * when the browser kept none (a new device, or storage refused to this frame), from the recovery
 * share and the auth share — silently for 'gatehouse', with `password` otherwise.
 */
async function privateKeyOf(
  options: ExportViewOptions,
  state: ViewState,
  password: string | undefined,
): Promise<string> {
  const { params, api } = options;
  const token = await options.accessToken();
  const mfaProof = await options.mfaProof?.(token);
  const other = await otherShare(options, state, token, password, mfaProof);
  try {
    const auth = await api.authShare(token, params.address, { device: other.key, mfaProof });
    try {
      return (await reconstruct(other.share, auth, params.address)).privateKey;
    } finally {
      auth.fill(0);
    }
  } finally {
    other.share.fill(0);
  }
}

function errorText(error: unknown): string {
  if (error instanceof WrongPasswordError) return EXPORT_TEXTS.wrongPassword;
  if (error instanceof AddressMismatchError) return EXPORT_TEXTS.mismatch;
  if (error instanceof WalletApiError && error.code === 'missing_or_invalid_mfa')
    return EXPORT_TEXTS.mfaRequired;
  if (error instanceof WalletApiError && error.code === 'recent_login_required')
    return EXPORT_TEXTS.loginAgain;
  return EXPORT_TEXTS.failed;
}

/** The host's colours and width; buttons are the accent under white text, so its AA shade. */
function applyLook(root: HTMLElement, params: ExportParams): void {
  const style = root.ownerDocument.documentElement.style;
  const { accent, ...others } = params.colours;
  for (const [name, value] of Object.entries(others)) style.setProperty(`--gh-${name}`, value);
  if (accent) style.setProperty('--gh-accent', readableOn(accent, '#FFFFFF'));
  if (params.width !== undefined) root.style.maxWidth = `${params.width}px`;
}

/** Renders the view into `root`: address, warning and the reveal button; the key appears after a click. */
export function mountExportView(root: HTMLElement, options: ExportViewOptions): void {
  const doc = root.ownerDocument;
  const { params } = options;
  const state: ViewState = {};
  applyLook(root, params);

  const heading = element(doc, 'h1', '', EXPORT_TEXTS.heading);
  const addressLabel = element(doc, 'p', 'label', EXPORT_TEXTS.addressLabel);
  const address = element(doc, 'p', 'mono', params.address);
  const warning = element(doc, 'p', 'warning', EXPORT_TEXTS.warning);
  const status = element(doc, 'p', '');
  const passwordLabel = element(doc, 'label', 'label', EXPORT_TEXTS.passwordPrompt);
  const password = element(doc, 'input', 'password');
  password.type = 'password';
  password.autocomplete = 'current-password';
  passwordLabel.append(password);
  passwordLabel.hidden = true;
  const reveal = element(doc, 'button', '', EXPORT_TEXTS.reveal);
  reveal.type = 'submit';
  // A form so the password field is one (Enter submits); it never navigates.
  const form = element(doc, 'form', '');
  form.noValidate = true;
  form.append(passwordLabel, status, reveal);
  root.replaceChildren(heading, addressLabel, address, warning, form);

  const showKey = (privateKey: string): void => {
    const key = element(doc, 'p', 'mono key', privateKey);
    key.setAttribute('data-testid', 'private-key');
    const copy = element(doc, 'button', '', EXPORT_TEXTS.copy);
    copy.type = 'button';
    copy.addEventListener('click', () => {
      const write = options.copy ?? ((text: string) => navigator.clipboard.writeText(text));
      write(privateKey).then(
        () => {
          copy.textContent = EXPORT_TEXTS.copied;
          setTimeout(() => {
            copy.textContent = EXPORT_TEXTS.copy;
          }, COPY_FEEDBACK_MS);
        },
        () => undefined,
      );
    });
    status.textContent = '';
    passwordLabel.remove();
    reveal.replaceWith(key, copy);
  };

  // A cross-origin host cannot reach this document: only the user's own click gets here.
  const run = (): void => {
    if (reveal.disabled) return;
    const typed = passwordLabel.hidden ? undefined : password.value;
    if (typed === '') return;
    reveal.disabled = true;
    status.className = '';
    status.textContent = EXPORT_TEXTS.loading;
    privateKeyOf(options, state, typed).then(showKey, (error: unknown) => {
      reveal.disabled = false;
      if (error instanceof PasswordNeededError) {
        status.textContent = '';
        passwordLabel.hidden = false;
        password.focus();
        return;
      }
      status.className = 'error';
      status.textContent = errorText(error);
      password.value = '';
    });
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
}

/** The view when its parameters are missing or the page is not configured. */
export function mountExportError(root: HTMLElement): void {
  root.replaceChildren(element(root.ownerDocument, 'p', 'error', EXPORT_TEXTS.missingParameters));
}
