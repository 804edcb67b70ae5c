/**
 * What makes an approval count (DESIGN.md, the provider-origin surface): an event the user made in
 * this document (`isTrusted`: a cross-origin host cannot dispatch one here), on a surface that has
 * been visible for SURFACE_MIN_VISIBLE_MS without a break, and on a control that has been shown and
 * usable that long (a click meant for something else that lands on a button that just appeared
 * does not count).
 *
 * Visible: the document is visible and, where the browser has IntersectionObserver v2
 * (`trackVisibility`, entries with `isVisible`), the root is neither covered nor made transparent
 * or transformed by the host page; with v1, the root intersects the viewport.
 */
import { SURFACE_MIN_VISIBLE_MS } from '../../protocol/surface.js';
import { isUsable } from './dom.js';

type Observer = new (
  callback: IntersectionObserverCallback,
  options?: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
) => Pick<IntersectionObserver, 'observe' | 'disconnect'>;

export interface TrustOptions {
  /** Whether the user made the event; `event.isTrusted`, replaced only in tests. */
  isTrusted?: (event: Event) => boolean;
  now?: () => number;
  /** The window's IntersectionObserver; null: none (the document's visibility alone decides). */
  IntersectionObserver?: Observer | null;
  minVisibleMs?: number;
}

export interface TrustGuard {
  /** An event the user made in this document. */
  trusted(event: Event): boolean;
  /** A control was shown usable (its clock starts, once) or made unusable (its clock stops). */
  shown(control: Element, usable: boolean): void;
  /** A trusted event on a control shown usable long enough, on a surface visible long enough. */
  mayApprove(event: Event, control: Element): boolean;
  dispose(): void;
}

/** The IntersectionObserver v2 options: visibility tracked, computed at most every 100 ms. */
const V2_OPTIONS = { trackVisibility: true, delay: 100 };

export function trustGuard(doc: Document, root: Element, options: TrustOptions = {}): TrustGuard {
  const now = options.now ?? (() => performance.now());
  const min = options.minVisibleMs ?? SURFACE_MIN_VISIBLE_MS;
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted === true);
  const Observer =
    options.IntersectionObserver === undefined
      ? (globalThis.IntersectionObserver as Observer | undefined)
      : options.IntersectionObserver;
  // Without any observer, the root counts as seen; with one, only once it says so.
  let rootSeen = !Observer;
  let visibleSince: number | null = null;
  const clocks = new WeakMap<Element, number>();

  const update = (): void => {
    if (doc.visibilityState === 'visible' && rootSeen) visibleSince ??= now();
    else visibleSince = null;
  };
  const observer = Observer
    ? new Observer((entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        // v2 browsers give every entry `isVisible`; v1 ones do not have the property at all.
        rootSeen = 'isVisible' in entry ? entry.isVisible === true : entry.isIntersecting;
        update();
      }, V2_OPTIONS)
    : undefined;
  observer?.observe(root);
  doc.addEventListener('visibilitychange', update);
  update();

  const longEnough = (since: number | null | undefined): boolean =>
    since !== null && since !== undefined && now() - since >= min;

  return {
    trusted: (event) => isTrusted(event),
    shown(control, usable) {
      if (!usable) clocks.delete(control);
      else if (!clocks.has(control)) clocks.set(control, now());
    },
    mayApprove(event, control) {
      update();
      return (
        isTrusted(event) &&
        isUsable(control) &&
        control.isConnected &&
        longEnough(visibleSince) &&
        longEnough(clocks.get(control))
      );
    },
    dispose() {
      observer?.disconnect();
      doc.removeEventListener('visibilitychange', update);
    },
  };
}
