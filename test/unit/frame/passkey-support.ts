/**
 * The passkey flows of the wallet frame against a provider and an authenticator in memory: the
 * provider keeps users' passkeys, single-use challenges, step-up tickets and each wallet's shares
 * as the frame stored them (shares in memory only: the sealing to the transport key is
 * wallet-api.ts's, tested elsewhere); the authenticator makes credentials whose PRF output is an
 * HMAC of a secret of its own, and a person answers the surface's passkey views with it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import type { DemandDeps } from '../../../src/frame/demands.js';
import type { DeviceKey } from '../../../src/frame/device-key.js';
import { memoryStore } from '../../../src/frame/device-store.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import type { PasskeyApi } from '../../../src/frame/passkey-api.js';
import type { PasskeyDeps } from '../../../src/frame/passkey-link.js';
import { passkeyApproval } from '../../../src/frame/passkey-step-up.js';
import { WalletApiError } from '../../../src/frame/provider-call.js';
import type { StepUpApi } from '../../../src/frame/step-up-api.js';
import type { WalletApi } from '../../../src/frame/wallet-api.js';
import type { WalletDeps } from '../../../src/frame/wallet-deps.js';
import type { AuthResult, UserWire } from '../../../src/protocol/api.js';
import {
  PASSKEY_ERRORS,
  PASSKEY_PRF_INPUT,
  type PasskeyAction,
  type PasskeyCredentialJSON,
  type PasskeyView,
} from '../../../src/protocol/passkey.js';
import { toB64url } from '../../../src/protocol/sealed-box.js';
import type { StepUpAction, StepUpTicketWire } from '../../../src/protocol/step-up.js';
import type { SurfaceView } from '../../../src/protocol/surface.js';
import { userScope } from './mfa-support.js';

export const TOKEN = 'access-token-of-alice';
export const APP = 'app-1';
export const STEP_UP_CODE = '111111';

const refused = (error: { code: string; message: string }, status = 400) =>
  new WalletApiError(status, error.code, error.message);

/** How an authenticator answers the PRF extension: at creation, only on use, or never. */
export type PrfSupport = 'at-create' | 'on-use' | 'none';

/** An authenticator: its credentials, each with the secret its PRF output is made from. */
export function authenticator(support: PrfSupport = 'at-create') {
  const secrets = new Map<string, Buffer>();
  const prfOf = (id: string) =>
    toB64url(
      createHmac('sha256', secrets.get(id) ?? '')
        .update(PASSKEY_PRF_INPUT)
        .digest(),
    );
  const credential = (id: string, ext: Record<string, unknown>): PasskeyCredentialJSON => ({
    id,
    rawId: id,
    type: 'public-key',
    response: { clientDataJSON: 'e30', signature: 'c2ln' },
    clientExtensionResults: ext,
  });
  const create = (view: PasskeyView): PasskeyAction => {
    const id = toB64url(randomBytes(16));
    secrets.set(id, randomBytes(32));
    if (!view.prf || support === 'none')
      return { type: 'passkey', credential: credential(id, {}), prf: null };
    const prf = support === 'at-create' ? prfOf(id) : null;
    return { type: 'passkey', credential: credential(id, { prf: { enabled: true } }), prf };
  };
  /** An assertion by `id` (or the first credential the options allow, or any for a discoverable login). */
  const get = (view: PasskeyView, id?: string): PasskeyAction => {
    const allowed = (view.options.allowCredentials as Array<{ id: string }> | undefined)?.map((c) => c.id);
    const chosen = id ?? allowed?.find((c) => secrets.has(c)) ?? [...secrets.keys()][0] ?? 'none';
    const prf = view.prf && support !== 'none' && secrets.has(chosen) ? prfOf(chosen) : null;
    return { type: 'passkey', credential: credential(chosen, {}), prf };
  };
  return {
    secrets,
    create,
    get,
    answer: (view: PasskeyView) => (view.ceremony === 'create' ? create(view) : get(view)),
  };
}

const USER: UserWire = {
  id: 'u1',
  created_at: 0,
  linked_accounts: [],
  mfa_methods: [],
  has_accepted_terms: true,
};

function ticketOf(action: StepUpAction, factors: StepUpTicketWire['factors']): StepUpTicketWire {
  return { id: `${action}-ticket`, action, account: null, factors, expires_at: 2e9, approved_at: null };
}

/** The provider's passkey endpoints and step-up for one user (`passkeys`: theirs, by credential id). */
function passkeyProvider(state: ProviderState) {
  let serial = 0;
  const challenges = new Set<string>();
  const issue = (allow?: string[]) => {
    const challenge = `challenge-${++serial}`;
    challenges.add(challenge);
    return {
      challenge,
      ...(allow ? { allowCredentials: allow.map((id) => ({ type: 'public-key', id })) } : {}),
    };
  };
  const spend = () => {
    if (state.refuseNext) {
      const refusal = state.refuseNext;
      state.refuseNext = null;
      throw refusal;
    }
  };
  const known = (credential: PasskeyCredentialJSON) => {
    spend();
    if (!state.passkeys.has(credential.id)) throw refused(PASSKEY_ERRORS.unknownCredential);
  };
  const auth = (isNew: boolean): AuthResult => ({
    user: USER,
    token: 'new-token',
    refresh_token: 'r',
    is_new_user: isNew,
  });
  const api: PasskeyApi = {
    loginInit: async () => issue(),
    login: async (credential) => {
      known(credential);
      return auth(false);
    },
    registerInit: async (token) => {
      // As the provider: a user with a wallet confirms before a link's ceremony.
      if (token !== '' && state.hasWallet && !state.approved.has('link')) {
        throw new WalletApiError(403, 'step_up_required', 'Step-up required', {
          ticket: state.ticket('link'),
        });
      }
      return issue();
    },
    signup: async (credential) => {
      spend();
      state.passkeys.add(credential.id);
      return auth(true);
    },
    link: async (_token, credential) => {
      if (state.hasWallet && !state.approved.has('link')) {
        throw new WalletApiError(403, 'step_up_required', 'Step-up required', {
          ticket: state.ticket('link'),
        });
      }
      spend();
      state.passkeys.add(credential.id);
      state.approved.delete('link');
      return USER;
    },
    verifyInit: async () => issue([...state.passkeys]),
    approveStepUp: async (_token, id, credential) => {
      known(credential);
      state.approved.add(id.replace(/-ticket$/, ''));
      return { ticket: state.ticket(id.replace(/-ticket$/, '') as StepUpAction) };
    },
  };
  return { api, challenges };
}

interface ProviderState {
  passkeys: Set<string>;
  hasWallet: boolean;
  approved: Set<string>;
  refuseNext: Error | null;
  ticket(action: StepUpAction): StepUpTicketWire;
}

interface StoredWallet {
  auth: Uint8Array;
  recoveryMethod: string;
  recovery: unknown;
  devices: Set<DeviceKey>;
}

/** The embedded-wallet endpoints: the shares as the frame gave them; a new device after a step-up. */
function walletProvider(state: ProviderState) {
  const wallets = new Map<string, StoredWallet>();
  const copy = (value: unknown) => (value instanceof Uint8Array ? value.slice() : structuredClone(value));
  const find = (address: string, device: DeviceKey) => {
    const wallet = wallets.get(address.toLowerCase());
    if (!wallet) throw new WalletApiError(404, 'embedded_wallet_not_found', 'No wallet');
    if (!wallet.devices.has(device))
      throw new WalletApiError(403, 'wallet_device_not_registered', 'Unknown device');
    return wallet;
  };
  const api: WalletApi = {
    async create(_token, address, shares, proofs) {
      const { recoveryMethod, authShare, recovery } = shares;
      wallets.set(address.toLowerCase(), {
        auth: authShare.slice(),
        recoveryMethod,
        recovery: copy(recovery),
        devices: new Set([proofs.device]),
      });
      state.hasWallet = true;
    },
    async reshare(_token, address, shares, proofs) {
      const wallet = find(address, proofs.device);
      Object.assign(wallet, { auth: shares.authShare.slice(), recoveryMethod: shares.recoveryMethod });
      wallet.recovery = copy(shares.recovery);
    },
    authShare: async (_token, address, proofs) => find(address, proofs.device).auth.slice(),
    async recovery(_token, address, proofs) {
      const wallet = wallets.get(address.toLowerCase());
      if (!wallet) throw new WalletApiError(404, 'embedded_wallet_not_found', 'No wallet');
      if (!state.approved.has('new_device')) {
        throw new WalletApiError(403, 'step_up_required', 'Step-up required', {
          ticket: state.ticket('new_device'),
        });
      }
      wallet.devices.add(proofs.device);
      const { recoveryMethod, recovery } = wallet;
      return (
        recoveryMethod === 'gatehouse'
          ? { recoveryMethod, share: (recovery as Uint8Array).slice() }
          : { recoveryMethod, box: structuredClone(recovery) }
      ) as Awaited<ReturnType<WalletApi['recovery']>>;
    },
    devices: async () => [],
    revokeDevice: async () => [],
  };
  return { api, wallets };
}

/** The step-up's email factor: any code but STEP_UP_CODE is refused. */
function stepUpProvider(state: ProviderState): StepUpApi {
  const action = (id: string) => id.replace(/-ticket$/, '') as StepUpAction;
  return {
    ticket: async (_token, id) => state.ticket(action(id)),
    send: async () => ({ sent_to: 'a•••@example.com' }),
    async verify(_token, id, _factor, code) {
      if (code !== STEP_UP_CODE) throw new WalletApiError(422, 'invalid_mfa_code', 'Invalid code');
      state.approved.add(action(id));
      return { ticket: state.ticket(action(id)) };
    },
    approveWithWallet: () => Promise.reject(new Error('not in these tests')),
  };
}

/** A provider, a browser (its device store) and the person in front of its surface. */
export function passkeyWorld(support: PrfSupport = 'at-create') {
  const state: ProviderState = {
    passkeys: new Set(),
    hasWallet: false,
    approved: new Set(),
    refuseNext: null,
    ticket: (action) =>
      ticketOf(action, [
        ...(state.passkeys.size > 0 ? [{ id: 'passkey' as const, label: '' }] : []),
        { id: 'email', label: 'a•••@example.com' },
      ]),
  };
  const passkeys = passkeyProvider(state);
  const wallets = walletProvider(state);
  const demands: DemandDeps = {
    stepUp: stepUpProvider(state),
    mfa: {} as DemandDeps['mfa'],
    session: new MfaSession(),
    approveWithWallet: () => Promise.reject(new Error('not in these tests')),
    approveWithPasskey: passkeyApproval(passkeys.api),
  };
  const browser = (): PasskeyDeps => {
    const wallet: WalletDeps = {
      appId: APP,
      store: memoryStore(),
      api: wallets.api,
      mfa: demands.session,
      demands,
      enforceWalletUis: true,
      forget: () => undefined,
    };
    return { wallet, api: passkeys.api, approveWithWallet: () => Promise.reject(new Error('no wallet')) };
  };
  return { state, api: passkeys.api, wallets: wallets.wallets, browser, device: authenticator(support) };
}

/** A request's scope and the person answering its prompt; `view(kind)`: the next new view of that kind. */
export function person() {
  const user = userScope();
  const seen = new Set<string>();
  const view = async <K extends SurfaceView['kind']>(kind: K) => {
    let found: { view: Extract<SurfaceView, { kind: K }>; error: string | null; code?: string } | undefined;
    await vi.waitFor(async () => {
      const shown = await user.shows(kind);
      const key = JSON.stringify(shown);
      if (seen.has(key)) throw new Error(`no new ${kind} view yet`);
      seen.add(key);
      found = shown as typeof found;
    });
    return found!;
  };
  return { ...user, view };
}
