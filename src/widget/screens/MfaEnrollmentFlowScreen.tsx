import { answerMfa, mfaUi } from '../../core/mfa/index.js';
import type { MfaUi } from '../../core/mfa/state.js';
import { MFA_UI_TEXT as T } from '../../core/text/mfa.js';
import { walletUi } from '../../core/wallet/embedded/index.js';
import { MFA_PASSKEY_AVAILABLE, type MfaMethod } from '../../protocol/mfa.js';
import { MfaContinue, MfaPhoneStep, MfaSurfaceStep } from '../components/mfa/MfaSteps.js';
import { FocusOnChange } from '../components/wallet/FocusOnChange.js';
import { useStore, useWidget } from '../context.js';
import { CheckIcon } from '../icons.js';
import { Title } from '../Title.js';

/**
 * MFA_ENROLLMENT_FLOW_SCREEN (§2.2, §2.3, §4.8): the enrolment sub-steps, the provider-origin
 * surface of their codes, and 'Verify your identity' for a change of the account. Core (core/mfa)
 * runs the flow; this renders its step.
 */
export function MfaEnrollmentFlowScreen() {
  const { ctx } = useWidget();
  const ui = useStore(mfaUi(ctx));
  // A change's step-up (a link, an unlink) opens this screen for its surface alone: whatever the
  // enrolment's own step, the surface shows while there is one.
  const framed = useStore(walletUi(ctx)).surface !== null;
  const shown: MfaUi = framed ? { ...ui, step: 'surface' } : ui;
  return (
    <>
      <FocusOnChange on={shown.step} />
      <Step ui={shown} />
    </>
  );
}

function Step({ ui }: { ui: MfaUi }) {
  switch (ui.step) {
    case 'intro':
      return <Intro />;
    case 'choose':
      return <Choose ui={ui} />;
    case 'sms-phone':
      return <MfaPhoneStep ui={ui} />;
    case 'surface':
      return <MfaSurfaceStep ui={ui} />;
    case 'success':
      return <Success ui={ui} />;
    case 'remove-confirm':
      return <RemoveConfirm ui={ui} />;
  }
}

function Intro() {
  const { styles } = useWidget();
  return (
    <>
      <Title>{T.introTitle}</Title>
      <p className={styles.text}>{T.introDetail}</p>
      <MfaContinue label={T.continue} />
    </>
  );
}

const NAMES: Record<MfaMethod, string> = { totp: T.authenticator, sms: T.sms };

/** §2.3: Authenticator App (Recommended, or Added), SMS (Added, or Disabled when a phone logs in), Passkey (Coming soon). */
function Choose({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const user = useStore(ctx.stores.$user);
  const app = useStore(ctx.$appConfig);
  const enrolled = user?.mfaMethods ?? [];
  const offered = (app?.mfa_methods ?? []).slice().sort((a) => (a === 'totp' ? -1 : 1));
  const badge = (method: MfaMethod) =>
    enrolled.includes(method) ? T.added : method === 'totp' ? T.recommended : user?.phone ? T.disabled : '';
  return (
    <>
      <Title>{T.chooseTitle}</Title>
      <p className={styles.text}>{T.chooseDetail}</p>
      <div className={styles.methods}>
        {offered.map((method) => {
          const added = enrolled.includes(method);
          const unavailable = !added && method === 'sms' && Boolean(user?.phone);
          return (
            <div key={method} className={styles.choices}>
              <button
                type="button"
                className={styles.method}
                disabled={added || unavailable}
                onClick={() => void answerMfa(ctx, { kind: 'choose', method })}
              >
                {NAMES[method]}{' '}
                {badge(method) ? <span className={styles.strong}>· {badge(method)}</span> : null}
              </button>
              {added ? (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => void answerMfa(ctx, { kind: 'remove', method })}
                >
                  {T.remove(NAMES[method])}
                </button>
              ) : null}
            </div>
          );
        })}
        <button type="button" className={styles.method} disabled={!MFA_PASSKEY_AVAILABLE}>
          {T.passkey} <span className={styles.strong}>· {T.comingSoon}</span>
        </button>
      </div>
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
    </>
  );
}

function Success({ ui }: { ui: MfaUi }) {
  const { styles } = useWidget();
  return (
    <>
      <CheckIcon className={styles.successIcon} />
      <Title>{ui.done === 'removed' ? T.removedTitle : T.enrolledTitle}</Title>
      <MfaContinue label={T.done} />
    </>
  );
}

function RemoveConfirm({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  return (
    <>
      <Title>{T.removeTitle}</Title>
      <p className={styles.text}>{T.removeDetail}</p>
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
      <div className={styles.choices}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void answerMfa(ctx, { kind: 'back' })}
        >
          {T.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          aria-disabled={ui.busy ? 'true' : 'false'}
          onClick={() => {
            if (!ui.busy) void answerMfa(ctx, { kind: 'confirm-remove' });
          }}
        >
          {T.confirmRemove}
        </button>
      </div>
    </>
  );
}
