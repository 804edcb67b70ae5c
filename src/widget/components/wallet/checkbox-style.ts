import type { Emotion } from '@emotion/css/create-instance';
import type { Theme } from '../../../protocol/client.js';
import { PALETTES } from '../../styles.js';

/**
 * The password flow's acknowledgement checkbox, drawn like the fields and buttons: a rounded box
 * with the border colour, the accent when ticked. Its own module, so only the password flow carries it.
 */
export function createCheckboxStyle({ css }: Emotion, theme: Theme, accent: string): string {
  const c = PALETTES[theme];
  const focusRing = { outline: `2px solid ${accent}`, outlineOffset: '2px' };
  return css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '10px',
    width: '100%',
    textAlign: 'left',
    color: c.foreground,
    cursor: 'pointer',
    // Drawn like the fields and buttons: a rounded box with the border colour, the accent when ticked.
    '& input': {
      appearance: 'none',
      display: 'grid',
      placeContent: 'center',
      width: '18px',
      height: '18px',
      margin: '1px 0px 0px',
      flex: 'none',
      border: `1px solid ${c.border}`,
      borderRadius: '5px',
      background: c.background,
      cursor: 'pointer',
    },
    '& input:checked': { background: accent, borderColor: accent },
    '& input:checked::before': {
      content: '""',
      width: '9px',
      height: '5px',
      margin: '-2px 0px 0px',
      border: '2px solid #FFFFFF',
      borderTop: 'none',
      borderRight: 'none',
      transform: 'rotate(-45deg)',
    },
    '& input:disabled': { cursor: 'default', opacity: 0.5 },
    '& input:focus-visible': focusRing,
  });
}
