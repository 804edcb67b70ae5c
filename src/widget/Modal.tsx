import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { UI_TEXT } from '../core/text/ui.js';
import { TITLE_ID, useStore, useWidget } from './context.js';
import { BackIcon, CloseIcon } from './icons.js';
import { FOCUSABLE, HAS_BACK, Loading, SCREEN_VIEWS } from './screen-views.js';
import { lockScroll, readScroll } from './scroll-lock.js';

/** Tab and Shift+Tab go round the dialog's controls and never leave it (the focus trap). */
function trapTab(event: KeyboardEvent<HTMLDivElement>, root: HTMLElement): void {
  const focusable = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  // Inside a shadow root, document.activeElement is the host: ask the root.
  const active = (root.getRootNode() as ShadowRoot).activeElement;
  const inside = active !== root && root.contains(active);
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** Back (on the screens that have it, not on a success) and Close. */
function Header({ back }: { back: boolean }) {
  const { ctx, styles } = useWidget();
  return (
    <div className={styles.header}>
      {back ? (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={UI_TEXT.back}
          onClick={() => ctx.modal.back()}
        >
          <BackIcon />
        </button>
      ) : (
        <span />
      )}
      <button
        type="button"
        className={styles.iconButton}
        aria-label={UI_TEXT.close}
        onClick={() => ctx.modal.close()}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** The drawer's handle (shown under 440 px): dragged down by more than 80 px, it closes the modal. */
function DragHandle({ panel }: { panel: RefObject<HTMLDivElement> }) {
  const { ctx, styles } = useWidget();
  const start = useRef<number>();
  const drag = (event: PointerEvent<HTMLDivElement>, end?: boolean) => {
    if (start.current === undefined || !panel.current) return;
    const down = Math.max(0, event.clientY - start.current);
    panel.current.style.transform = end ? '' : `translateY(${down}px)`;
    if (!end) return;
    start.current = undefined;
    if (down > 80) ctx.modal.close();
  };
  return (
    <div
      className={styles.handle}
      aria-hidden="true"
      onPointerDown={(event) => {
        start.current = event.clientY;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => drag(event)}
      onPointerUp={(event) => drag(event, true)}
      onPointerCancel={(event) => drag(event, true)}
    />
  );
}

/**
 * The card keeps its top edge (its bottom edge as a drawer), and its height moves to the screen's
 * in 180 ms rather than jumps (not under prefers-reduced-motion). A change while one plays snaps.
 */
function useHeightMotion(dialog: RefObject<HTMLDivElement>): void {
  useLayoutEffect(() => {
    const card = dialog.current as HTMLDivElement;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = card.offsetHeight;
      if (last && !card.getAnimations().length && !matchMedia('(prefers-reduced-motion: reduce)').matches)
        card.animate({ height: [`${last}px`, `${height}px`] }, 180);
      last = height;
    });
    observer.observe(card);
    return () => observer.disconnect();
  }, [dialog]);
}

/**
 * The modal (§2.1): a dialog over a backdrop (a bottom drawer on narrow screens), or inline in the
 * host's parent node. In a dialog, focus moves in, stays in, and goes back where it was on close.
 */
export function Modal({ inDialog }: { inDialog: boolean }) {
  const { ctx, styles } = useWidget();
  const { screen } = useStore(ctx.modal.$modal);
  const ready = useStore(ctx.stores.$ready);
  const { success } = useStore(ctx.modal.$flow);
  const { branding } = useStore(ctx.$config);
  const dialog = useRef<HTMLDivElement>(null);
  const shown = ready ? screen : null;
  // Read while rendering, before the dialog's nodes are in the page (scroll-lock.ts).
  const scrollAt = useMemo(() => (inDialog ? readScroll() : null), [inDialog]);
  useHeightMotion(dialog);

  // Remember what had focus on the host page, and give it back when the modal goes away; the
  // page does not scroll under the dialog meanwhile.
  useLayoutEffect(() => {
    if (!scrollAt) return;
    const before = document.activeElement as HTMLElement | null;
    const unlock = lockScroll(scrollAt);
    return () => {
      unlock();
      if (before?.isConnected) before.focus();
    };
  }, [scrollAt]);

  // Each screen puts focus on its first field or main button.
  useLayoutEffect(() => {
    if (!inDialog) return;
    const root = dialog.current;
    const target =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>(`[data-screen] ${FOCUSABLE}`) ??
      root;
    target?.focus();
  }, [shown, inDialog]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      ctx.modal.close();
    } else if (event.key === 'Tab' && inDialog && dialog.current) {
      trapTab(event, dialog.current);
    }
  };

  const View = shown ? SCREEN_VIEWS[shown] : Loading;
  const panel = (
    <div
      ref={dialog}
      role="dialog"
      aria-modal={inDialog ? 'true' : undefined}
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      className={inDialog ? styles.dialog : styles.inline}
      onKeyDown={onKeyDown}
    >
      {inDialog && <DragHandle panel={dialog} />}
      <Header back={!!shown && HAS_BACK.has(shown) && !success} />
      <div className={styles.body} data-screen={shown ?? 'loading'}>
        <View />
        {branding ? <p className={styles.footer}>{UI_TEXT.protectedBy}</p> : null}
      </div>
    </div>
  );
  if (!inDialog) return panel;
  return (
    // The backdrop closes on click; keyboard users have Escape and the Close button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the dialog
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className={styles.overlay}
      onClick={(event) => {
        if (event.target === event.currentTarget) ctx.modal.close();
      }}
    >
      {panel}
    </div>
  );
}
