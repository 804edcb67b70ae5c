/**
 * `passkey:login`: a login with a passkey made in the surface (a discoverable assertion over the
 * provider's options), or, from its 'Create a passkey' (or `mode: 'signup'`), a sign-up with a new
 * one. The provider's AuthResult is the reply, as any login gives the host; a refusal shows in the
 * passkey view for another try, Cancel rejects.
 */
import type { PasskeyInitBody } from '../protocol/passkey.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import type { PasskeyApi } from './passkey-api.js';
import { openIn, runCeremony } from './passkey-ceremony.js';
import type { RequestScope } from './request-scope.js';

type Reply = WalletFrameReplyData['passkey:login'];

export function passkeyLogin(
  api: PasskeyApi,
  data: WalletFrameRequestData['passkey:login'] | undefined,
  scope: RequestScope,
): Promise<Reply> {
  const body: PasskeyInitBody =
    typeof data?.captchaToken === 'string' && data.captchaToken !== '' ? { token: data.captchaToken } : {};
  const open = openIn(scope);
  const signUp = (): Promise<Reply> =>
    runCeremony(open, {
      view: { purpose: 'signup', ceremony: 'create', prf: false, canSignUp: false },
      options: () => api.registerInit('', body),
      submit: async (action) => ({ auth: await api.signup(action.credential) }),
    });
  if (data?.mode === 'signup') return signUp();
  return runCeremony(open, {
    view: { purpose: 'login', ceremony: 'get', prf: false, canSignUp: true },
    options: () => api.loginInit(body),
    submit: async (action) => ({ auth: await api.login(action.credential) }),
    signUp,
  });
}
