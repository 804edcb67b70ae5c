/**
 * The `passkey` recovery method: the recovery share sealed under a passkey's PRF output
 * (passkey-box.ts). `wallet:set-recovery-passkey` gets that output in the surface — from one of the
 * user's passkeys, or from one linked for it first — and re-splits the wallet under it; a new
 * device opens the box with the same passkey (at once when the step-up's assertion was by it).
 * A passkey without PRF cannot keep a wallet: the request is refused and the wallet stays as it was.
 */
import {
  PASSKEY_CHALLENGE_BYTES,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_NO_PRF_MESSAGE,
  type PasskeyAction,
  type PasskeyBox,
  type PasskeyOptionsJSON,
} from '../protocol/passkey.js';
import { fromB64url, toB64url } from '../protocol/sealed-box.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { openWithPasskey, sealWithPasskey, WrongPasskeyError } from './passkey-box.js';
import { openIn, PasskeyRefusal, runCeremony } from './passkey-ceremony.js';
import { forUser, linkPasskey, type PasskeyDeps } from './passkey-link.js';
import { type KeptPrf, takeKeptPrf } from './passkey-shared.js';
import { WalletApiError } from './provider-call.js';
import type { RequestScope } from './request-scope.js';
import {
  InvalidArgumentsError,
  requireAddress,
  requireToken,
  WalletNotOnDeviceError,
} from './wallet-errors.js';
import { reshareWallet } from './wallet-reshare.js';

type Descriptor = { id: string; [field: string]: unknown };

const allowed = (options: PasskeyOptionsJSON): Descriptor[] =>
  Array.isArray(options.allowCredentials) ? (options.allowCredentials as Descriptor[]) : [];

/** Its PRF output, or the refusal of a passkey without one. */
function prfOf(action: PasskeyAction): KeptPrf {
  if (action.prf === null) throw new InvalidArgumentsError(PASSKEY_NO_PRF_MESSAGE);
  return { credentialId: action.credential.id, prf: fromB64url(action.prf) };
}

/** One request for a recovery passkey: the flows' deps, its scope and token, its provider calls. */
export interface RecoveryPasskeyRequest {
  /** The surface's words: a wallet being made, or one whose recovery moves. */
  purpose: 'set-recovery' | 'create-recovery';
  deps: PasskeyDeps;
  scope: RequestScope;
  accessToken: string;
  /** The wallet whose own approval a step-up may take (none for a wallet being made). */
  address: string | null;
  verifyInit(): Promise<PasskeyOptionsJSON>;
}

/** The user's passkeys, as `verifyInit` offers them (null: the provider has none for the user). */
async function userPasskeys(request: RecoveryPasskeyRequest): Promise<PasskeyOptionsJSON | null> {
  try {
    const options = await request.verifyInit();
    return allowed(options).length > 0 ? options : null;
  } catch (error) {
    if (error instanceof WalletApiError && error.status < 500 && error.code.endsWith('not_found'))
      return null;
    throw error;
  }
}

/** An assertion with the PRF by one of `ids` over `verifyInit` challenges (`first`: options in hand). */
function assertPrf(
  request: RecoveryPasskeyRequest,
  first: PasskeyOptionsJSON | null,
  ids: ReadonlySet<string>,
): Promise<KeptPrf> {
  let ready = first;
  return runCeremony(openIn(request.scope), {
    view: { purpose: request.purpose, ceremony: 'get', prf: true, canSignUp: false },
    async options() {
      const options = ready ?? (await request.verifyInit());
      ready = null;
      return { ...options, allowCredentials: allowed(options).filter((item) => ids.has(item.id)) };
    },
    async submit(action) {
      if (!ids.has(action.credential.id)) throw new PasskeyRefusal('passkey_not_yours');
      return prfOf(action);
    },
  });
}

/**
 * A PRF output of one of the user's passkeys; with none, one is linked first (its creation asks
 * the PRF; an authenticator that gives it only on use is asked once more).
 */
export async function recoveryPasskey(request: RecoveryPasskeyRequest): Promise<KeptPrf> {
  const known = await userPasskeys(request);
  if (known) return assertPrf(request, known, new Set(allowed(known).map((item) => item.id)));
  const { deps, scope, accessToken, address } = request;
  const view = { purpose: request.purpose, prf: true, address };
  const { action } = await linkPasskey(deps, scope, accessToken, view);
  if (action.prf !== null) return prfOf(action);
  const prf = action.credential.clientExtensionResults.prf as { enabled?: unknown } | undefined;
  if (prf?.enabled !== true) throw new InvalidArgumentsError(PASSKEY_NO_PRF_MESSAGE);
  return assertPrf(request, null, new Set([action.credential.id]));
}

export async function setRecoveryPasskey(
  deps: PasskeyDeps,
  data: WalletFrameRequestData['wallet:set-recovery-passkey'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:set-recovery-passkey']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  const { wallet } = deps;
  // Nothing is asked of the user for a wallet this browser cannot re-split.
  if (!(await wallet.store.getKey(wallet.appId, address))) throw new WalletNotOnDeviceError();
  const ask = forUser(deps, scope, accessToken, address);
  const verifyInit = () => ask(() => deps.api.verifyInit(accessToken));
  const request = { purpose: 'set-recovery', deps, scope, accessToken, address, verifyInit } as const;
  const passkey = await recoveryPasskey(request);
  try {
    scope.current?.state({ busy: true, error: null });
    const resealed = await reshareWallet(wallet, scope, accessToken, address, {
      recoveryMethod: 'passkey',
      seal: (share, at) => sealWithPasskey(share, passkey.prf, passkey.credentialId, at),
    });
    return { address: resealed, recoveryMethod: 'passkey' };
  } finally {
    passkey.prf.fill(0);
  }
}

/** A new device's view of the recovery: a get by the box's passkey alone, over a local challenge. */
function recoverOptions(credentialId: string): PasskeyOptionsJSON {
  const challenge = globalThis.crypto.getRandomValues(new Uint8Array(PASSKEY_CHALLENGE_BYTES));
  // The provider's host, as the surface (this origin) would default it; a frame always has one.
  const rpId = globalThis.location?.hostname;
  return {
    challenge: toB64url(challenge),
    ...(rpId ? { rpId } : {}),
    allowCredentials: [{ type: 'public-key', id: credentialId }],
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  };
}

async function tryOpen(box: PasskeyBox, prf: Uint8Array, address: string): Promise<Uint8Array> {
  try {
    return await openWithPasskey(box, prf, address);
  } catch (error) {
    throw error instanceof WrongPasskeyError ? new PasskeyRefusal('wrong_passkey') : error;
  } finally {
    prf.fill(0);
  }
}

/**
 * The recovery share in a passkey box: with the PRF output this request's step-up already gave
 * when it was by the box's passkey, else from the box's passkey asked in the surface.
 */
export async function openPasskeyRecovery(
  scope: RequestScope,
  address: string,
  box: PasskeyBox,
): Promise<Uint8Array> {
  const kept = takeKeptPrf(scope.current);
  if (kept?.credentialId === box.credentialId) {
    const share = await tryOpen(box, kept.prf, address).catch(() => null);
    if (share) return share;
  } else kept?.prf.fill(0);
  return runCeremony(openIn(scope), {
    view: { purpose: 'recover', ceremony: 'get', prf: true, canSignUp: false },
    options: async () => recoverOptions(box.credentialId),
    async submit(action) {
      if (action.prf === null) throw new PasskeyRefusal('passkey_without_prf');
      return tryOpen(box, fromB64url(action.prf), address);
    },
  });
}
