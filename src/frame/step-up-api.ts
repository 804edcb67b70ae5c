/**
 * The frame's client of the step-up endpoints (protocol/step-up.ts): a ticket, a code sent to one
 * of its factors, the code checked, or the wallet's own approval. Only the frame calls them: the
 * codes are typed in the surface and never pass through the host page.
 */
import {
  STEP_UP_PATHS,
  type StepUpApprovedResponse,
  type StepUpFactorKind,
  type StepUpSentResponse,
  type StepUpTicketWire,
  stepUpApprovalMessage,
} from '../protocol/step-up.js';
import { WALLET_DEVICE_PATHS, type WalletChallengeResponse } from '../protocol/wallet-device.js';
import { type DeviceKey, deviceProof } from './device-key.js';
import { bodyText, type ProviderCall } from './provider-call.js';

export interface StepUpApi {
  ticket(accessToken: string, id: string): Promise<StepUpTicketWire>;
  send(accessToken: string, id: string, factor: StepUpFactorKind): Promise<StepUpSentResponse>;
  verify(
    accessToken: string,
    id: string,
    factor: StepUpFactorKind,
    code: string,
  ): Promise<StepUpApprovedResponse>;
  /** The `wallet` factor: signed by a registered device key and by the wallet's key. */
  approveWithWallet(
    accessToken: string,
    id: string,
    wallet: { address: string; device: DeviceKey; sign: (message: string) => Promise<string> },
  ): Promise<StepUpApprovedResponse>;
}

export function stepUpApi(call: ProviderCall, appId: string): StepUpApi {
  return {
    ticket: (accessToken, id) => call(STEP_UP_PATHS.ticket(id), accessToken),
    send: (accessToken, id, factor) => call(STEP_UP_PATHS.send(id), accessToken, { factor }),
    verify: (accessToken, id, factor, code) => call(STEP_UP_PATHS.verify(id), accessToken, { factor, code }),
    async approveWithWallet(accessToken, id, wallet) {
      const path = STEP_UP_PATHS.approveWithWallet(id);
      const { challenge } = await call<WalletChallengeResponse>(
        WALLET_DEVICE_PATHS.challenge,
        accessToken,
        {},
      );
      const message = stepUpApprovalMessage({ address: wallet.address, appId, ticket: id, challenge });
      const body = { addressSignature: await wallet.sign(message) };
      const proof = await deviceProof(wallet.device, {
        challenge,
        method: 'POST',
        path,
        body: bodyText(body),
      });
      return call(path, accessToken, body, { device: proof });
    },
  };
}
