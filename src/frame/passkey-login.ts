/**
 * `passkey:login`: a login with a passkey made in the surface (a discoverable assertion over the
 * provider's options), or, from its 'Create a passkey' (or `mode: 'signup'`), a sign-up with a new
 * one. The provider's AuthResult is the reply, as any login gives the host; a refusal shows in the
 * passkey view for another try, Cancel rejects.
 */
import type { PasskeyInitBody, PasskeyOptionsJSON } from '../protocol/passkey.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import type { PasskeyApi } from './passkey-api.js';
import { openIn, runCeremony } from './passkey-ceremony.js';
import type { RequestScope } from './request-scope.js';

type Reply = WalletFrameReplyData['passkey:login'];

/**
 * The captcha in front of the tries: the host's token for the first options, then the previous
 * options' challenge (`after`), which the provider takes for that captcha a few minutes: a token
 * is single use, and a refused passkey or 'Create a passkey' must not need a new one.
 */
function captchaGate(token: unknown) {
  let body: PasskeyInitBody = typeof token === 'string' && token !== '' ? { token } : {};
  return async (init: (body: PasskeyInitBody) => Promise<PasskeyOptionsJSON>) => {
    const options = await init(body);
    body = { after: options.challenge };
    return options;
  };
}

export function passkeyLogin(
  api: PasskeyApi,
  data: WalletFrameRequestData['passkey:login'] | undefined,
  scope: RequestScope,
): Promise<Reply> {
  const gate = captchaGate(data?.captchaToken);
  const open = openIn(scope);
  const signUp = (): Promise<Reply> =>
    runCeremony(open, {
      view: { purpose: 'signup', ceremony: 'create', prf: false, canSignUp: false },
      options: () => gate((body) => api.registerInit('', body)),
      submit: async (action) => ({ auth: await api.signup(action.credential) }),
    });
  if (data?.mode === 'signup') return signUp();
  return runCeremony(open, {
    view: { purpose: 'login', ceremony: 'get', prf: false, canSignUp: true },
    options: () => gate((body) => api.loginInit(body)),
    submit: async (action) => ({ auth: await api.login(action.credential) }),
    signUp,
  });
}
