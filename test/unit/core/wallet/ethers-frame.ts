/**
 * A wallet frame for tests that holds a real key (ethers) behind the frame's real message channel
 * and prompts (../../helpers/frame-peer.ts): it signs for real, so signatures recover to the
 * wallet's address and signed transactions are accepted by a chain. What the real frame asks of
 * the user, this one asks the same way, in the surface: a review built by src/frame/review.ts
 * from the very request (signed only after the approval; a silent signature refused while the app
 * enforces its wallet UIs), a recovery password set or typed there (src/frame/wallet-deps.ts), a
 * new device's or a change's step-up (src/frame/demands.ts, wallet-service.ts) and the key export. Keys, shares and the provider
 * are stood in for: the key is an ethers Wallet, "on this device" a flag, and `provider` says how
 * the provider answers the frame's calls. On `wallet:create` it links the wallet to the user on
 * the fake provider (as the server would), so the client's user refresh sees it.
 */
import { Wallet } from 'ethers';
import type { HDNodeWallet } from 'ethers/wallet';
import { type DemandDeps, withUser } from '../../../../src/frame/demands.js';
import type { FrameHandlers } from '../../../../src/frame/messaging.js';
import { MfaSession } from '../../../../src/frame/mfa-session.js';
import { WrongPasswordError } from '../../../../src/frame/password-box.js';
import { PromptCancelledError } from '../../../../src/frame/prompts.js';
import type { RequestScope } from '../../../../src/frame/request-scope.js';
import { reviewOf } from '../../../../src/frame/review.js';
import { signRpc } from '../../../../src/frame/signing.js';
import { WalletApiError } from '../../../../src/frame/wallet-api.js';
import { enteredPassword, newPassword, type WalletDeps } from '../../../../src/frame/wallet-deps.js';
import {
  InvalidArgumentsError,
  requireAddress,
  requireToken,
  WalletNotOnDeviceError,
} from '../../../../src/frame/wallet-errors.js';
import { WalletService } from '../../../../src/frame/wallet-service.js';
import type { UserWire } from '../../../../src/protocol/index.js';
import type { StepUpTicketWire } from '../../../../src/protocol/step-up.js';
import { WALLET_FRAME_ERRORS, type WalletRpcRequest } from '../../../../src/protocol/wallet-frame.js';
import { type FrameAnswer, type FrameMessage, framePeer } from '../../helpers/frame-peer.js';

export { type FrameMessage, HOST_ORIGIN, PROVIDER_ORIGIN } from '../../helpers/frame-peer.js';

/** Hardhat's second dev account key: funded on a fresh dev chain. */
export const TEST_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
/** The code the step-up of a new device accepts (the one mailed to the user). */
export const STEP_UP_CODE = '246810';

type RecoveryMethod = 'gatehouse' | 'user-passcode' | 'passkey';

export interface EthersFrameOptions {
  key?: string;
  /** The device holds the key (else wallet:connect answers wallet_not_on_device). */
  onDevice?: boolean;
  /** For a 'user-passcode' wallet: the recovery password wallet:recover opens the share with. */
  password?: string;
  /** Links the created wallet to the user on the provider (the server's part of wallet:create). */
  link?: (address: string, recoveryMethod: RecoveryMethod) => void;
  /** Answers a message before the frame sees it (undefined: the frame answers). */
  override?: (message: FrameMessage) => FrameAnswer | undefined;
  /**
   * How the provider answers the frame's call for a request, made once the user has done their
   * part: undefined lets it through, an error (a WalletApiError, as the provider refuses) fails it.
   */
  provider?: (message: Pick<FrameMessage, 'type' | 'data'>) => Promise<Error | undefined> | Error | undefined;
  /** Posts ready on mount (default true). */
  ready?: boolean;
  /** The app's enforce_wallet_uis as the frame reads it (default on). */
  enforceWalletUis?: boolean;
  /** The change tickets the provider knows (wallet:step-up names them). */
  tickets?: StepUpTicketWire[];
  /** How a creation asked for 'passkey' goes: sealed under it (default), or its fallback's reason. */
  passkey?: 'sealed' | 'unavailable' | 'skipped';
}

/** A linked `wallet` account on the wire, as the server adds it. */
export function walletAccountWire(address: string, recoveryMethod: RecoveryMethod = 'gatehouse') {
  const now = Math.floor(Date.now() / 1000);
  return {
    type: 'wallet',
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client: 'gatehouse',
    wallet_client_type: 'gatehouse',
    connector_type: 'embedded',
    recovery_method: recoveryMethod,
    verified_at: now,
    first_verified_at: now,
    latest_verified_at: now,
  } as unknown as UserWire['linked_accounts'][number];
}

const NEW_DEVICE_TICKET: StepUpTicketWire = {
  id: 'new-device-ticket',
  action: 'new_device',
  account: null,
  factors: [{ id: 'email', label: 'a•••@example.com' }],
  expires_at: Math.floor(Date.now() / 1000) + 600,
  approved_at: null,
};

/**
 * The provider's step-up: a new device's ticket (the frame's own) and the change tickets the test
 * gave; a code to the user's email, STEP_UP_CODE accepted.
 */
function stepUpProvider(changes: readonly StepUpTicketWire[]) {
  const approved = new Set<string>();
  const refuse = () => Promise.reject(new Error('not in this test'));
  const ticket = (id: string): StepUpTicketWire => {
    const known = [NEW_DEVICE_TICKET, ...changes].find((t) => t.id === id);
    if (!known) throw new WalletApiError(404, 'step_up_ticket_not_found', 'No such ticket');
    return { ...known, approved_at: approved.has(id) ? Math.floor(Date.now() / 1000) : null };
  };
  const demands: DemandDeps = {
    stepUp: {
      ticket: async (_token, id) => ticket(id),
      send: async () => ({ sent_to: 'a•••@example.com' }),
      verify: async (_token, id, _factor, code) => {
        if (code !== STEP_UP_CODE) throw new WalletApiError(422, 'invalid_mfa_code', 'Invalid code');
        approved.add(id);
        return { ticket: ticket(id) };
      },
      approveWithWallet: refuse,
    },
    mfa: {} as DemandDeps['mfa'],
    session: new MfaSession(),
    approveWithWallet: refuse,
  };
  return { demands, approved };
}

export function ethersFrame(options: EthersFrameOptions = {}) {
  const wallet = new Wallet(options.key ?? TEST_KEY);
  const address = wallet.address;
  let onDevice = options.onDevice ?? true;
  let recoveryMethod: RecoveryMethod = options.password ? 'user-passcode' : 'gatehouse';
  let password = options.password;
  const { demands, approved } = stepUpProvider(options.tickets ?? []);
  // A change's step-up is the frame's own (wallet-service.ts); only its provider is stood in for.
  const changes = new WalletService({ demands } as WalletDeps);
  const provider = async (type: string, data: unknown) => {
    const refusal = await options.provider?.({ type, data: data as Record<string, unknown> });
    if (refusal) throw refusal;
  };
  /** The user's approval in the surface (a trusted click there); the prompt is busy after it. */
  const approval = async (scope: RequestScope, view: Parameters<RequestScope['prompt']>[0]) => {
    const prompt = scope.prompt(view);
    while ((await prompt.next()).type !== 'approve') {}
    prompt.state({ busy: true, error: null });
  };
  const unlock = async (type: string, data: unknown) => {
    if (!onDevice) throw new WalletNotOnDeviceError();
    await provider(type, data);
  };

  const handlers: FrameHandlers = {
    'wallet:create': async (input, scope) => {
      const data = input as {
        accessToken?: unknown;
        recoveryMethod?: unknown;
        fallback?: unknown;
        automatic?: unknown;
      };
      requireToken(data?.accessToken);
      let method = 'gatehouse' as RecoveryMethod;
      const fellBack = data.recoveryMethod === 'passkey' ? (options.passkey ?? 'sealed') : null;
      if (fellBack === 'sealed') method = 'passkey';
      const underPassword = async () => {
        const set = await newPassword(scope, { purpose: 'create', automatic: data.automatic === true });
        password = set.password;
        method = 'user-passcode';
      };
      const passwordFallback = fellBack !== 'sealed' && data.fallback === 'user-passcode';
      if (data.recoveryMethod === 'user-passcode' || passwordFallback) await underPassword();
      // The provider stores the shares; it refuses silent recovery to a user with nothing to
      // confirm a new device with (recovery_password_required): the password is asked then.
      const store = () => provider('wallet:create', { ...data, recoveryMethod: method });
      try {
        await store();
      } catch (error) {
        if (method === 'user-passcode' || !(error instanceof WalletApiError)) throw error;
        if (error.code !== 'recovery_password_required') throw error;
        await underPassword();
        await store();
      }
      recoveryMethod = method;
      options.link?.(address, recoveryMethod);
      onDevice = true;
      const passkeyFallback = fellBack === 'sealed' ? null : fellBack;
      return { address, recoveryMethod, ...(passkeyFallback ? { passkeyFallback } : {}) };
    },
    'wallet:connect': async (data) => {
      requireToken((data as { accessToken?: unknown })?.accessToken);
      await unlock('wallet:connect', data);
      return { address };
    },
    'wallet:recover': async (data, scope) => {
      const token = requireToken((data as { accessToken?: unknown })?.accessToken);
      // A new device: the provider wants a step-up for it, met in the surface.
      await withUser(scope, token, demands, async () => {
        await provider('wallet:recover', data);
        if (!approved.has(NEW_DEVICE_TICKET.id))
          throw new WalletApiError(403, 'step_up_required', 'Step-up required', {
            ticket: NEW_DEVICE_TICKET,
          });
      });
      if (recoveryMethod === 'user-passcode') {
        const open = async (typed: string) => {
          if (typed !== password) throw new WrongPasswordError();
        };
        await enteredPassword(scope, address, open, (error) => error instanceof WrongPasswordError);
      }
      onDevice = true;
      return { address };
    },
    'wallet:rpc': async (input, scope) => {
      const data = input as { accessToken?: unknown; address?: unknown; request: WalletRpcRequest };
      requireToken(data?.accessToken);
      const signer = requireAddress(data.address);
      if ((input as { silent?: unknown }).silent === true) {
        if (options.enforceWalletUis !== false)
          throw new InvalidArgumentsError(WALLET_FRAME_ERRORS.uisEnforced.message);
      } else {
        const intent = (input as { intent?: unknown }).intent === 'send' ? 'send' : 'sign';
        await approval(scope, reviewOf(data.request, signer, intent));
      }
      await unlock('wallet:rpc', data);
      const signed = await signRpc(wallet as unknown as HDNodeWallet, data.request);
      return { response: { method: data.request.method, data: signed } };
    },
    'wallet:set-recovery-password': async (data, scope) => {
      requireToken((data as { accessToken?: unknown })?.accessToken);
      const set = await newPassword(scope, { purpose: 'update', automatic: false });
      await unlock('wallet:set-recovery-password', data);
      password = set.password;
      recoveryMethod = 'user-passcode';
      options.link?.(address, recoveryMethod);
      return { address, recoveryMethod };
    },
    'wallet:export': async (data, scope) => {
      requireToken((data as { accessToken?: unknown })?.accessToken);
      const view = { kind: 'export' as const, address, privateKey: null };
      await approval(scope, view);
      await unlock('wallet:export', data);
      const shown = scope.prompt({ ...view, privateKey: wallet.privateKey });
      try {
        for (;;) await shown.next();
      } catch (error) {
        if (!(error instanceof PromptCancelledError)) throw error;
      }
      return { closed: true };
    },
    'wallet:step-up': (data, scope) => changes.stepUp(data as never, scope),
    'wallet:clear': async () => ({ cleared: true }),
  };

  const peer = framePeer({ handlers, override: options.override, ready: options.ready });
  const extras = {
    wallet,
    address,
    /** The recovery password the frame sealed the share under (set in the surface), if any. */
    get recoveryPassword() {
      return password;
    },
    get onDevice() {
      return onDevice;
    },
    setOnDevice(value: boolean) {
      onDevice = value;
    },
  };
  // Getters stay getters (a spread would read them once).
  return Object.defineProperties(peer, Object.getOwnPropertyDescriptors(extras)) as typeof peer &
    typeof extras;
}
