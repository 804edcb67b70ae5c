/**
 * The shape of a surface locale (./locales/<language>.ts), apart from ./locale.ts, which loads
 * them: a locale imports only this.
 */
import type { Catalogue, Texts } from '../../core/locales/catalogue.js';
import type { EXPORT_TEXTS } from '../texts.js';
import type { PASSKEY_SURFACE_TEXT } from './passkey-texts.js';
import type { SURFACE_TEXT } from './texts.js';

/**
 * A surface locale: the widget's own translations of the catalogue's objects (core/locales; the
 * widget's other objects may come along, and are skipped), and the surface's texts, each with the
 * English object's keys and placeholders.
 */
export interface SurfaceLocale {
  /** Its tag, as the widget's root has it ('pt-BR'). */
  lang: string;
  dir: 'ltr' | 'rtl';
  texts: Pick<Catalogue, 'WALLET_TEXT' | 'MFA_UI_TEXT' | 'TRANSACTION_TEXT' | 'PASSWORD_TEXT'> & {
    SURFACE_TEXT: Texts<typeof SURFACE_TEXT>;
    EXPORT_TEXTS: Texts<typeof EXPORT_TEXTS>;
    PASSKEY_SURFACE_TEXT: Texts<typeof PASSKEY_SURFACE_TEXT>;
  };
}
