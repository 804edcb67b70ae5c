import { afterEach, describe, expect, it } from 'vitest';
import { setUsable } from '../../../src/frame/surface/dom.js';
import { trustGuard } from '../../../src/frame/surface/trusted.js';
import { SURFACE_MIN_VISIBLE_MS } from '../../../src/protocol/surface.js';
import { fakeObserver } from './surface-support.js';

const click = () => new MouseEvent('click');

function setup(options: { observer?: boolean; trusted?: boolean } = {}) {
  const root = document.createElement('main');
  const control = document.createElement('button');
  root.append(control);
  document.body.replaceChildren(root);
  const observer = fakeObserver();
  let clock = 0;
  const trusted = { value: options.trusted ?? true };
  const guard = trustGuard(document, root, {
    isTrusted: () => trusted.value,
    now: () => clock,
    IntersectionObserver: options.observer === false ? null : observer.Observer,
  });
  guard.shown(control, true);
  return {
    root,
    control,
    guard,
    observer,
    trusted,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  document.body.replaceChildren();
});

describe('the surface trust guard', () => {
  it('watches the root with IntersectionObserver v2 (visibility tracked, 100 ms delay)', () => {
    const { root, observer } = setup();
    expect(observer.observed).toEqual([root]);
    expect(observer.created[0]?.options).toMatchObject({ trackVisibility: true, delay: 100 });
  });

  it('refuses until the surface has been visible for SURFACE_MIN_VISIBLE_MS, then allows', () => {
    const { control, guard, observer, tick } = setup();
    // Never reported visible: no approval however long it waits.
    tick(10 * SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), control)).toBe(false);
    observer.report({ isVisible: true, isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS - 1);
    expect(guard.mayApprove(click(), control)).toBe(false);
    tick(1);
    expect(guard.mayApprove(click(), control)).toBe(true);
  });

  it('refuses an event the user did not make, however long the surface was visible', () => {
    const { control, guard, observer, tick, trusted } = setup({ trusted: false });
    observer.report({ isVisible: true, isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.trusted(click())).toBe(false);
    expect(guard.mayApprove(click(), control)).toBe(false);
    trusted.value = true;
    expect(guard.mayApprove(click(), control)).toBe(true);
  });

  it('uses event.isTrusted by default (a dispatched click is not trusted)', () => {
    const root = document.createElement('main');
    const guard = trustGuard(document, root, { IntersectionObserver: null });
    expect(guard.trusted(new MouseEvent('click'))).toBe(false);
    expect(guard.trusted({ isTrusted: true } as Event)).toBe(true);
  });

  it('v2: an intersecting root that is covered or transparent (isVisible false) restarts the clock', () => {
    const { control, guard, observer, tick } = setup();
    observer.report({ isVisible: true, isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS - 100);
    observer.report({ isVisible: false, isIntersecting: true });
    tick(200);
    expect(guard.mayApprove(click(), control)).toBe(false);
    observer.report({ isVisible: true, isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS - 1);
    expect(guard.mayApprove(click(), control)).toBe(false);
    tick(1);
    expect(guard.mayApprove(click(), control)).toBe(true);
  });

  it('v1 (entries without isVisible): the root intersecting the viewport is enough', () => {
    const { control, guard, observer, tick } = setup();
    observer.report({ isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), control)).toBe(true);
    observer.report({ isIntersecting: false });
    expect(guard.mayApprove(click(), control)).toBe(false);
  });

  it('without any IntersectionObserver, the document being visible is enough', () => {
    const { control, guard, tick } = setup({ observer: false });
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), control)).toBe(true);
  });

  it('a hidden document stops the clock, which starts again once visible', () => {
    const { control, guard, observer, tick } = setup();
    observer.report({ isVisible: true, isIntersecting: true });
    tick(SURFACE_MIN_VISIBLE_MS);
    setVisibility('hidden');
    expect(guard.mayApprove(click(), control)).toBe(false);
    setVisibility('visible');
    expect(guard.mayApprove(click(), control)).toBe(false);
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), control)).toBe(true);
  });

  it('a button shown (or made usable again) just now does not count: a click-through', () => {
    const { root, control, guard, observer, tick } = setup();
    observer.report({ isVisible: true, isIntersecting: true });
    tick(5 * SURFACE_MIN_VISIBLE_MS);
    const fresh = document.createElement('button');
    root.append(fresh);
    guard.shown(fresh, true);
    expect(guard.mayApprove(click(), fresh)).toBe(false);
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), fresh)).toBe(true);

    // Busy, then usable again: its clock starts over.
    setUsable(control, false);
    guard.shown(control, false);
    expect(guard.mayApprove(click(), control)).toBe(false);
    setUsable(control, true);
    guard.shown(control, true);
    expect(guard.mayApprove(click(), control)).toBe(false);
    tick(SURFACE_MIN_VISIBLE_MS);
    expect(guard.mayApprove(click(), control)).toBe(true);
    // A button no longer in the document never approves.
    control.remove();
    expect(guard.mayApprove(click(), control)).toBe(false);
  });
});
