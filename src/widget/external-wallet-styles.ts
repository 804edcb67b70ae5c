/**
 * Styles of the external-wallet screens only (wallet icons, the pairing QR code, the mobile wallet
 * list), on the shadow root's emotion instance; they load with the external wallets' chunk.
 */
import type { Emotion } from '@emotion/css/create-instance';
import { WALLET_QR_SIZE_PX } from '../protocol/external-wallet.js';
import { c } from './styles.js';
import { useThemedStyles } from './themed-styles.js';

function createExternalWalletStyles({ css }: Emotion) {
  return {
    icon: css({
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flex: 'none',
      width: '24px',
      height: '24px',
      borderRadius: '6px',
      marginInlineEnd: '10px',
      verticalAlign: 'middle',
      fontSize: '10px',
      fontWeight: 700,
      letterSpacing: '0.02em',
      overflow: 'hidden',
    }),
    largeIcon: css({
      width: '48px',
      height: '48px',
      borderRadius: c.radius,
      fontSize: '18px',
      marginInlineEnd: '0px',
    }),
    /** The QR code sits on white in either theme: wallets' scanners expect dark on light. */
    qr: css({
      display: 'block',
      // The code itself is WALLET_QR_SIZE_PX square; its white frame is around it.
      boxSizing: 'content-box',
      width: `${WALLET_QR_SIZE_PX}px`,
      height: `${WALLET_QR_SIZE_PX}px`,
      // Never squeezed, not even while the card moves its height: a squashed code does not scan.
      flexShrink: 0,
      padding: '8px',
      background: '#ffffff',
      borderRadius: c.radius,
      border: `1px solid ${c.border}`,
    }),
    row: css({ display: 'flex', gap: '8px', alignItems: 'center', justifyContent: 'center' }),
    /** The mobile wallets: a scrolling grid of links. */
    grid: css({
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
      gap: '8px',
      width: '100%',
      maxHeight: '280px',
      overflowY: 'auto',
      padding: '2px',
      boxSizing: 'border-box',
    }),
    gridItem: css({
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '6px',
      padding: '8px 4px',
      borderRadius: c.radius,
      color: c.foreground,
      textDecoration: 'none',
      fontSize: '12px',
      textAlign: 'center',
      '&:hover': { background: c.subtle },
      '&:focus-visible': { outline: `2px solid ${c.accentText}`, outlineOffset: '2px' },
      '& > span:first-child': {
        marginInlineEnd: '0px',
        width: '40px',
        height: '40px',
        borderRadius: '10px',
        fontSize: '14px',
      },
    }),
  };
}

export type ExternalWalletStyles = ReturnType<typeof createExternalWalletStyles>;

/** The external-wallet styles for the current theme and accent. */
export function useExternalWalletStyles(): ExternalWalletStyles {
  return useThemedStyles(createExternalWalletStyles);
}
