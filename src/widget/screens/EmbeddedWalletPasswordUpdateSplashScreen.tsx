import { WALLET_TEXT } from '../../core/text/wallet.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { Title } from '../Title.js';

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN ('Secure Your Account', §2.2): the way into the password flow. */
export function EmbeddedWalletPasswordUpdateSplashScreen() {
  const { styles } = useWidget();
  const f = useFieldStyles();
  const { actions } = useWallet();
  return (
    <>
      <Title>{WALLET_TEXT.splashTitle}</Title>
      <p className={styles.text}>{WALLET_TEXT.splashDetail}</p>
      <div className={f.choices}>
        <button type="button" className={styles.secondary} onClick={() => actions.cancelWalletPassword()}>
          {WALLET_TEXT.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          data-autofocus=""
          onClick={() => actions.beginWalletPassword()}
        >
          {WALLET_TEXT.continue}
        </button>
      </div>
    </>
  );
}
