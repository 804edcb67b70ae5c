import type { Emotion } from '@emotion/css/create-instance';
import {
  MODAL_DRAWER_BREAKPOINT_PX,
  MODAL_HEIGHT_COMPACT_PX,
  MODAL_HEIGHT_FULL_PX,
  MODAL_WIDTH_PX,
} from '../protocol/constants.js';
import { firstUseClasses } from './first-use-classes.js';
import type { Look } from './look.js';

/** Pixel units only: host pages may set any root font size. */
const DRAWER = `@media (max-width: ${MODAL_DRAWER_BREAKPOINT_PX - 0.02}px)`;
/** A viewport too short for the full height and a 16 px margin above and below: the compact height. */
const SHORT = `@media (max-height: ${MODAL_HEIGHT_FULL_PX + 31.98}px)`;

/** Style of the shadow root itself: nothing of the host page's styles leaks in through inheritance. */
export function injectBaseStyles(emotion: Emotion): void {
  emotion.injectGlobal`
    :host {
      all: initial !important;
      display: block !important;
    }
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
  `;
}

/**
 * `var(--gh-name)` of each custom property of the look (look.ts), which the host element carries:
 * the styles do not change with the theme.
 */
export const c = new Proxy({}, { get: (_, name) => `var(--gh-${String(name)})` }) as Record<
  keyof Look,
  string
>;

/** The widget's styles: their colours, radii and font are the custom properties of look.ts. */
export function createStyles({ css, keyframes }: Emotion) {
  const focusRing = { outline: `2px solid ${c.accentText}`, outlineOffset: '2px' };
  const buttonBase = {
    all: 'unset' as const,
    boxSizing: 'border-box' as const,
    font: 'inherit',
    cursor: 'pointer',
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'default', opacity: 0.5 },
  };
  /** A full-width button: primary, secondary, a login method. */
  const wide = {
    ...buttonBase,
    width: '100%',
    padding: '12px 16px',
    borderRadius: c.radius,
    fontWeight: 600,
    textAlign: 'center' as const,
  };
  const outlined = { ...wide, border: `1px solid ${c.border}`, color: c.foreground };
  const input = {
    all: 'unset' as const,
    boxSizing: 'border-box' as const,
    font: 'inherit',
    color: c.foreground,
    background: c.background,
    border: `1px solid ${c.border}`,
    borderRadius: c.radius,
    '&:focus': { borderColor: c.accent, boxShadow: `0 0 0 1px ${c.accent}` },
    '&::placeholder': { color: c.muted, opacity: 1 },
  };

  const dialog = {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    width: `${MODAL_WIDTH_PX}px`,
    // The height follows the screen's content, up to the full height (§2.1, §9), or the compact
    // one on a short viewport; never taller than the viewport.
    maxHeight: `min(${MODAL_HEIGHT_FULL_PX}px, 100%)`,
    [SHORT]: { maxHeight: `min(${MODAL_HEIGHT_COMPACT_PX}px, 100%)` },
    background: c.background,
    color: c.foreground,
    borderRadius: `calc(2 * ${c.radius})`,
    boxShadow: '0 12px 40px rgba(0, 0, 0, 0.2)',
    overflow: 'hidden',
    '&:focus': { outline: 'none' },
    // The drawer: never wider than the viewport, clear of the home indicator (safe area).
    [DRAWER]: {
      width: '100%',
      maxWidth: '100vw',
      borderRadius: `calc(2 * ${c.radius}) calc(2 * ${c.radius}) 0px 0px`,
      paddingBottom: 'env(safe-area-inset-bottom)',
    },
  } as const;

  const iconButton = {
    ...buttonBase,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: '16px',
    color: c.muted,
    '&:hover': { background: c.subtle, color: c.foreground },
  } as const;

  return firstUseClasses(css, {
    root: {
      all: 'initial',
      display: 'block',
      boxSizing: 'border-box',
      fontFamily: c.fontFamily,
      fontSize: c.fontSize,
      lineHeight: `calc(${c.fontSize} + 6px)`,
      fontWeight: 400,
      color: c.foreground,
      textAlign: 'start',
      WebkitFontSmoothing: 'antialiased',
    },
    overlay: {
      position: 'fixed',
      inset: '0px',
      zIndex: 2147483000,
      display: 'flex',
      alignItems: 'flex-start', // The card's top edge is a full-height card's, on every screen.
      justifyContent: 'center',
      paddingTop: `max(16px, 50vh - ${MODAL_HEIGHT_FULL_PX / 2}px)`,
      background: c.backdrop,
      [DRAWER]: { alignItems: 'flex-end' },
    },
    dialog,
    /** The drawer's drag handle (a bar at the top): drag it down to close. */
    handle: {
      display: 'none',
      [DRAWER]: {
        display: 'block',
        position: 'absolute',
        inset: '0px calc(50% - 30px) auto',
        height: '20px',
        touchAction: 'none',
        background: `linear-gradient(${c.border}, ${c.border}) center 8px / 36px 4px no-repeat`,
      },
    },
    /** The modal rendered in the host's element instead of over the page (render.inParentNodeId). */
    inline: {
      ...dialog,
      width: '100%',
      maxWidth: `${MODAL_WIDTH_PX}px`,
      boxShadow: 'none',
      border: `1px solid ${c.border}`,
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      height: '56px',
      padding: '0px 12px',
      flex: 'none',
    },
    iconButton,
    body: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      flex: '1 1 auto',
      gap: '16px',
      padding: '0px 24px 24px',
      overflowY: 'auto',
      textAlign: 'center',
    },
    logo: { display: 'block', maxWidth: '180px', maxHeight: '72px', objectFit: 'contain' },
    title: {
      margin: '0px',
      fontSize: '18px',
      lineHeight: '28px',
      fontWeight: 600,
      color: c.foreground,
    },
    text: { margin: '0px', color: c.muted, overflowWrap: 'anywhere' },
    strong: { color: c.foreground, fontWeight: 600 },
    emailRow: {
      display: 'flex',
      alignItems: 'center',
      width: '100%',
      gap: '8px',
      padding: '4px 4px 4px 16px',
      border: `1px solid ${c.border}`,
      borderRadius: c.radius,
      '&:focus-within': { borderColor: c.accent, boxShadow: `0 0 0 1px ${c.accent}` },
    },
    emailInput: {
      ...input,
      flex: '1 1 auto',
      minWidth: '0px',
      height: '40px',
      border: 'none',
      textAlign: 'start',
      '&:focus': {},
    },
    submit: {
      ...buttonBase,
      padding: '8px 14px',
      borderRadius: `calc(${c.radius} / 1.5)`,
      background: c.accentFill,
      color: c.onAccent,
      fontWeight: 600,
    },
    primary: { ...wide, background: c.accentFill, color: c.onAccent },
    /** The quieter choice beside a primary button ('No thanks'). */
    secondary: outlined,
    link: {
      ...buttonBase,
      color: c.accentText,
      fontWeight: 600,
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
    },
    /** LANDING's list of login methods. */
    methods: { display: 'flex', flexDirection: 'column', gap: '12px', width: '100%' },
    method: { ...outlined, '&:hover': { background: c.subtle } },
    /** A method's icon before its name (the passkey's key). */
    methodIcon: { verticalAlign: '-4px', marginInlineEnd: '8px' },
    /** An icon button at the top of the body (LANDING's Back): one rule, its `all: unset` first. */
    backInBody: { ...iconButton, alignSelf: 'flex-start', marginTop: '-8px' },
    boxes: { display: 'flex', justifyContent: 'center', gap: '8px', width: '100%' },
    box: {
      ...input,
      width: '44px',
      height: '52px',
      textAlign: 'center',
      fontSize: '20px',
      lineHeight: '28px',
      fontWeight: 600,
      '&[aria-invalid="true"]': { borderColor: c.error, boxShadow: `0 0 0 1px ${c.error}` },
    },
    alert: { margin: '0px', minHeight: '20px', color: c.error },
    status: { margin: '0px', minHeight: '20px', color: c.success, fontWeight: 600 },
    successIcon: { display: 'block', color: c.success },
    footer: { margin: 'auto 0px 0px', fontSize: '12px', lineHeight: '16px', color: c.muted },
    // The keyframes are made with the spinner, the first time a screen shows one.
    spinner: () => ({
      display: 'block',
      width: '40px',
      height: '40px',
      margin: '48px auto 0px',
      border: `4px solid ${c.subtle}`,
      borderTopColor: c.accent,
      borderRadius: '20px',
      animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.8s linear infinite`,
    }),
    visuallyHidden: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      padding: '0px',
      margin: '-1px',
      overflow: 'hidden',
      clip: 'rect(0px, 0px, 0px, 0px)',
      whiteSpace: 'nowrap',
      border: '0px',
    },
  });
}

export type Styles = ReturnType<typeof createStyles>;
