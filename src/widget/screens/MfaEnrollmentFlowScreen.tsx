import { Fragment } from 'react';
import { type MfaBadge, mfaChoices } from '../../core/mfa/choices.js';
import { answerMfa, mfaUi } from '../../core/mfa/index.js';
import type { MfaUi } from '../../core/mfa/state.js';
import { MFA_UI_TEXT as T } from '../../core/text/mfa.js';
import { walletUi } from '../../core/wallet/embedded/index.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import { MfaMethodIcon } from '../components/mfa/MfaMethodIcon.js';
import { MfaContinue, MfaPhoneStep, MfaSurfaceStep } from '../components/mfa/MfaSteps.js';
import { FocusOnChange } from '../components/wallet/FocusOnChange.js';
import { useStore, useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
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

// Read at each render, not kept: setLocale changes the texts under a loaded screen.
const names = (): Record<MfaMethod, string> => ({ totp: T.authenticator, sms: T.sms, passkey: T.passkey });
const badges = (): Record<NonNullable<MfaBadge>, string> => ({
  added: T.added,
  recommended: T.recommended,
  disabled: T.disabled,
  'coming-soon': T.comingSoon,
});

/**
 * §2.3: Passkey (Recommended with WebAuthn; Coming soon when the app does not offer it),
 * Authenticator App, SMS (Disabled when a phone logs in); Added once enrolled. Core orders them.
 */
function Choose({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const user = useStore(ctx.stores.$user);
  const app = useStore(ctx.$appConfig);
  const choices = mfaChoices({
    offered: app?.mfa_methods ?? [],
    enrolled: user?.mfaMethods ?? [],
    hasPhone: Boolean(user?.phone),
  });
  return (
    <>
      <Title>{T.chooseTitle}</Title>
      <p className={styles.text}>{T.chooseDetail}</p>
      <div className={styles.methods}>
        {choices.map(({ method, added, enabled, badge }) => {
          return (
            // The method, and under it its Remove: a row of the two does not fit the card.
            <Fragment key={method}>
              <button
                type="button"
                className={styles.method}
                disabled={!enabled}
                onClick={() => void answerMfa(ctx, { kind: 'choose', method })}
              >
                <MfaMethodIcon method={method} />
                {names()[method]} {badge ? <span className={styles.strong}>· {badges()[badge]}</span> : null}
              </button>
              {added ? (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => void answerMfa(ctx, { kind: 'remove', method })}
                >
                  {T.remove(names()[method])}
                </button>
              ) : null}
            </Fragment>
          );
        })}
      </div>
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
    </>
  );
}

function Success({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const methods = useStore(ctx.stores.$user)?.mfaMethods ?? [];
  const removed = ui.done === 'removed';
  return (
    <>
      <CheckIcon className={styles.successIcon} />
      <Title>{removed ? T.removedTitle : T.enrolledTitle}</Title>
      {removed || !methods.length ? null : (
        <p className={styles.text}>{T.enrolledDetail(methods.map((method) => names()[method]).join(', '))}</p>
      )}
      <MfaContinue label={T.done} />
    </>
  );
}

function RemoveConfirm({ ui }: { ui: MfaUi }) {
  const { ctx, styles } = useWidget();
  const f = useFieldStyles();
  return (
    <>
      <Title>{T.removeTitle}</Title>
      <p className={styles.text}>{T.removeDetail}</p>
      <p role="alert" className={styles.alert}>
        {ui.error ?? ''}
      </p>
      <div className={f.choices}>
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
