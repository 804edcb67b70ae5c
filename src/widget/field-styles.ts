import type { Emotion } from '@emotion/css/create-instance';
import { c } from './styles.js';
import { useThemedStyles } from './themed-styles.js';

const focusRing = { outline: `2px solid ${c.accentText}`, outlineOffset: '2px' };

/**
 * Rules of screens that neither LANDING nor the code screen shows (the phone's country, the
 * captcha's box, a row of choices): in those screens' chunks, not in the modal's first one nor in
 * what is preloaded after LANDING.
 */
function createFieldStyles({ css }: Emotion) {
  return {
    countrySelect: css({
      font: 'inherit',
      flex: 'none',
      width: '84px',
      height: '40px',
      padding: '0px 4px',
      color: c.foreground,
      background: c.background,
      border: 'none',
      borderInlineEnd: `1px solid ${c.border}`,
      '&:focus-visible': focusRing,
    }),
    captchaBox: css({ display: 'flex', justifyContent: 'center', width: '100%', minHeight: '65px' }),
    /** A row of equal buttons or links. */
    choices: css({
      display: 'flex',
      gap: '12px',
      width: '100%',
      justifyContent: 'center',
      // Each button as wide as its label needs, on one line ('Sign and continue' at 360 px).
      '& > button': { flex: '1 1 auto', width: 'auto', whiteSpace: 'nowrap' },
    }),
  };
}

/** The field styles, built once on the widget's emotion. */
export const useFieldStyles = () => useThemedStyles(createFieldStyles);
