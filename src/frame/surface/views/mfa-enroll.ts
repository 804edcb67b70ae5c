/**
 * Adding a second factor: an authenticator app (its QR code and setup key exist only here, then
 * the code it shows) or a phone (the code texted to it). The code goes to the wallet frame from the
 * user's own input only (code-boxes.ts).
 */
import { MFA_UI_TEXT } from '../../../core/text/mfa.js';
import type { MfaEnrollView } from '../../../protocol/surface.js';
import { codeBoxes } from '../code-boxes.js';
import { el, setUsable, uniqueId } from '../dom.js';
import { qrCode } from '../qr.js';
import {
  button,
  cancelButton,
  copyButton,
  scaffold,
  showState,
  type ViewContext,
  type ViewHandle,
} from './common.js';

/** The QR code's place, filled once its chunk has loaded (the same size before and after). */
function qrSlot(authUrl: string): HTMLElement {
  const slot = el('div', { class: 'qr-slot' });
  qrCode(authUrl, MFA_UI_TEXT.qrLabel).then(
    (svg) => slot.replaceChildren(svg),
    // Without the chunk the setup key below still works.
    () => slot.remove(),
  );
  return slot;
}

export function mfaEnrollView(ctx: ViewContext, view: MfaEnrollView): ViewHandle {
  const codeId = uniqueId('code-for');
  const boxes = codeBoxes({
    guard: ctx.guard,
    labelledBy: codeId,
    submit: (code) => ctx.send({ type: 'code', code }),
  });
  const resend =
    view.method === 'sms' ? button(MFA_UI_TEXT.resendCode, 'link', () => ctx.send({ type: 'resend' })) : null;
  const body =
    view.method === 'totp'
      ? [
          el('p', { class: 'text' }, [MFA_UI_TEXT.totpQrDetail]),
          qrSlot(view.authUrl),
          el('div', { class: 'field-row' }, [
            el('span', { class: 'secret' }, [
              el('span', { class: 'field-label' }, [`${MFA_UI_TEXT.secretLabel}: `]),
              el('code', { class: 'mono' }, [view.secret]),
            ]),
            copyButton(ctx, () => view.secret, MFA_UI_TEXT.copySecret),
          ]),
          el('p', { class: 'text strong', id: codeId }, [MFA_UI_TEXT.totpCodeDetail]),
          boxes.node,
        ]
      : [
          el('p', { class: 'text', id: codeId }, [
            `${MFA_UI_TEXT.smsCodeDetail} `,
            el('span', { class: 'strong' }, [view.phoneNumber]),
          ]),
          boxes.node,
          resend && el('div', { class: 'links' }, [resend]),
        ];
  const title = view.method === 'totp' ? MFA_UI_TEXT.totpQrTitle : MFA_UI_TEXT.smsCodeTitle;
  const parts = scaffold(title, body, [cancelButton(ctx)]);
  const common = showState(ctx, parts, () => [], null, MFA_UI_TEXT.verifying);
  return {
    node: parts.node,
    focus: view.method === 'totp' ? parts.heading : boxes.first,
    update(state) {
      common(state);
      boxes.update(state);
      if (resend) setUsable(resend, !state.busy);
    },
    dispose: () => boxes.dispose(),
  };
}
