import type { Emotion } from '@emotion/css/create-instance';
import { c } from './styles.js';
import { useThemedStyles } from './themed-styles.js';

const focusRing = { outline: `2px solid ${c.accentText}`, outlineOffset: '2px' };

/**
 * The fields LANDING does not show (the code's boxes, the phone's country, the captcha's box): in
 * the chunks of the screens that do, not in the modal's first one.
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
      borderRight: `1px solid ${c.border}`,
      '&:focus-visible': focusRing,
    }),
    captchaBox: css({ display: 'flex', justifyContent: 'center', width: '100%', minHeight: '65px' }),
    boxes: css({ display: 'flex', justifyContent: 'center', gap: '8px', width: '100%' }),
    box: css({
      all: 'unset',
      boxSizing: 'border-box',
      width: '44px',
      height: '52px',
      background: c.background,
      border: `1px solid ${c.border}`,
      borderRadius: c.radius,
      textAlign: 'center',
      fontSize: '20px',
      lineHeight: '28px',
      fontWeight: 600,
      '&:focus': { borderColor: c.accent, boxShadow: `0 0 0 1px ${c.accent}` },
      '&[aria-invalid="true"]': { borderColor: c.error, boxShadow: `0 0 0 1px ${c.error}` },
    }),
  };
}

/** The field styles, built once on the widget's emotion. */
export const useFieldStyles = () => useThemedStyles(createFieldStyles);
