import { useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A wallet screen that changes in place (a step of the password flow, a request's status): in a
 * dialog, focus moves to the new state's main action or first field, as on arrival at a screen,
 * instead of staying on a button that went away.
 */
export function FocusOnChange({ on }: { on: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const screen = marker.current?.closest<HTMLElement>('[data-screen]');
    if (!screen?.closest('[aria-modal="true"]')) return;
    const target =
      screen.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ??
      screen.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, [on]);
  return <span ref={marker} hidden />;
}
