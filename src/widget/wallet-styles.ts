/**
 * Styles of the embedded-wallet screens only, on the same emotion instance (the shadow root's) as
 * styles.ts. Imported by the wallet screens and components alone, so it loads with their chunk.
 */
import type { Emotion } from '@emotion/css/create-instance';
import { c } from './styles.js';
import { useThemedStyles } from './themed-styles.js';

function createWalletStyles({ css }: Emotion) {
  const focusRing = { outline: `2px solid ${c.accentText}`, outlineOffset: '2px' };
  const smallButton = {
    all: 'unset' as const,
    boxSizing: 'border-box' as const,
    font: 'inherit',
    cursor: 'pointer',
    flex: 'none',
    padding: '4px 10px',
    borderRadius: '8px',
    border: `1px solid ${c.border}`,
    color: c.foreground,
    fontSize: '13px',
    fontWeight: 600,
    '&:hover': { background: c.subtle },
    '&:focus-visible': focusRing,
    '&[aria-disabled="true"]': { cursor: 'default', opacity: 0.5 },
  };
  // Addresses, amounts, messages and passwords take their direction from their own text: an
  // address or '0.5 ETH' reads left to right inside a right-to-left screen.
  const mono = {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    unicodeBidi: 'plaintext',
  } as const;
  const meterLevels = { weak: c.error, medium: '#E8A317', strong: c.success } as const;

  return {
    /** A block of label/value rows (the transaction review, the typed-data domain). */
    details: css({
      display: 'flex',
      flexDirection: 'column',
      gap: '10px',
      width: '100%',
      margin: '0px',
      padding: '12px 16px',
      border: `1px solid ${c.border}`,
      borderRadius: c.radius,
      textAlign: 'start',
    }),
    /** The label/value list inside a details block. */
    rows: css({ display: 'flex', flexDirection: 'column', gap: '10px', margin: '0px' }),
    row: css({
      display: 'flex',
      alignItems: 'baseline',
      justifyContent: 'space-between',
      gap: '12px',
      margin: '0px',
    }),
    label: css({ margin: '0px', color: c.muted, flex: 'none' }),
    value: css({
      margin: '0px',
      color: c.foreground,
      fontWeight: 600,
      textAlign: 'end',
      overflowWrap: 'anywhere',
      fontVariantNumeric: 'tabular-nums',
      unicodeBidi: 'plaintext',
    }),
    /** The secondary amount under a primary one ('0.0021 ETH' under '$4.20'). */
    secondaryValue: css({ display: 'block', color: c.muted, fontWeight: 400, fontSize: '12px' }),
    subRow: css({ paddingInlineStart: '12px', fontSize: '13px' }),
    divider: css({ height: '1px', margin: '0px', border: 'none', background: c.border }),
    address: css({
      color: c.accentText,
      fontWeight: 600,
      textDecoration: 'none',
      ...mono,
      '&:hover': { textDecoration: 'underline' },
      '&:focus-visible': focusRing,
    }),
    plainAddress: css({
      color: c.foreground,
      fontWeight: 600,
      ...mono,
    }),
    /** The message or typed data to sign. */
    messageBox: css({
      width: '100%',
      maxHeight: '180px',
      margin: '0px',
      padding: '12px',
      overflow: 'auto',
      background: c.subtle,
      borderRadius: c.radius,
      color: c.foreground,
      textAlign: 'start',
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      ...mono,
      fontSize: '12px',
      lineHeight: '18px',
    }),
    /** A labelled field (the password fields) with its button inside the border. */
    field: css({ display: 'flex', flexDirection: 'column', gap: '6px', width: '100%', textAlign: 'start' }),
    fieldLabel: css({ color: c.foreground, fontWeight: 600 }),
    fieldRow: css({
      display: 'flex',
      alignItems: 'center',
      gap: '8px',
      width: '100%',
      padding: '4px',
      paddingInlineStart: '16px',
      border: `1px solid ${c.border}`,
      borderRadius: c.radius,
      '&:focus-within': {
        borderColor: c.accentText,
        boxShadow: `0 0 0 1px ${c.accentText}`,
      },
      '&[data-invalid="true"]': { borderColor: c.error, boxShadow: `0 0 0 1px ${c.error}` },
    }),
    fieldInput: css({
      all: 'unset',
      boxSizing: 'border-box',
      flex: '1 1 auto',
      minWidth: '0px',
      height: '40px',
      font: 'inherit',
      color: c.foreground,
      '&::placeholder': { color: c.muted, opacity: 1 },
    }),
    smallButton: css(smallButton),
    /** The password shown at the saving step. */
    secret: css({
      flex: '1 1 auto',
      minWidth: '0px',
      padding: '10px 0px',
      color: c.foreground,
      ...mono,
      overflowWrap: 'anywhere',
      textAlign: 'start',
    }),
    meter: css({ display: 'flex', alignItems: 'center', gap: '10px', width: '100%' }),
    meterTrack: css({
      flex: '1 1 auto',
      height: '6px',
      borderRadius: '3px',
      background: c.subtle,
      overflow: 'hidden',
    }),
    meterBar: {
      weak: css({ height: '100%', background: meterLevels.weak, transition: 'width 0.2s' }),
      medium: css({ height: '100%', background: meterLevels.medium, transition: 'width 0.2s' }),
      strong: css({ height: '100%', background: meterLevels.strong, transition: 'width 0.2s' }),
    },
    meterLabel: {
      weak: css({ flex: 'none', minWidth: '56px', fontWeight: 600, color: meterLevels.weak }),
      medium: css({ flex: 'none', minWidth: '56px', fontWeight: 600, color: meterLevels.medium }),
      strong: css({ flex: 'none', minWidth: '56px', fontWeight: 600, color: meterLevels.strong }),
    },
    /** The provider-origin export view. */
    /** The provider-origin surface: as tall as it says, no border of its own (it is part of the step). */
    surfaceFrame: css({
      display: 'block',
      width: '100%',
      border: 0,
      background: c.background,
      colorScheme: 'normal',
      transition: 'height 120ms ease-out',
      '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
    }),
    /** The host's picture of the contract (transactionInfo.contractInfo.imgUrl). */
    contractImage: {
      sm: css({ display: 'block', width: '32px', height: '32px', objectFit: 'contain', borderRadius: '8px' }),
      lg: css({
        display: 'block',
        width: '64px',
        height: '64px',
        objectFit: 'contain',
        borderRadius: c.radius,
      }),
    },
    infoTitle: css({ margin: '0px', color: c.foreground, fontWeight: 600 }),
    /** The amount in large type at the top of the review. */
    bigAmount: css({
      margin: '0px',
      // '0.1 ETH' reads left to right in a right-to-left screen too.
      unicodeBidi: 'plaintext',
      fontSize: '28px',
      lineHeight: '36px',
      fontWeight: 700,
      color: c.foreground,
    }),
  };
}

export type WalletStyles = ReturnType<typeof createWalletStyles>;

/** The wallet styles for the current theme and accent, built once per change on the widget's emotion. */
export function useWalletStyles(): WalletStyles {
  return useThemedStyles(createWalletStyles);
}
