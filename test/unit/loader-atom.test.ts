/**
 * The loader's stores (loader/atom.ts) against nanostores' own atom: the same script, run on each,
 * leaves the same log, and the host's nanostores (computed, onMount, onSet) use them as theirs.
 */
import { computed, atom as nanoAtom, onMount, onSet } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { atom as loaderAtom } from '../../loader/atom.js';

type MakeAtom = <T>(value: T) => ReturnType<typeof nanoAtom<T>>;
const makers: [string, MakeAtom][] = [
  ['nanostores', nanoAtom as MakeAtom],
  ['loader', loaderAtom as unknown as MakeAtom],
];

/** Listeners in order, a change made inside a listener, a listener removed on the way, one that throws. */
function listeners(make: MakeAtom): string[] {
  const log: string[] = [];
  const $a = make(0);
  const $b = make('x');
  $b.listen((value, old) => log.push(`b ${value} (was ${old})`));
  let unbindLate = () => {};
  $a.listen((value) => {
    log.push(`a1 ${value}`);
    if (value === 1) $b.set('y');
    unbindLate();
  });
  unbindLate = $a.listen(() => log.push('removed by a1, never called'));
  $a.listen((value) => {
    log.push(`a2 ${value}`);
    throw new Error(`a2 threw on ${value}`);
  });
  $a.subscribe((value) => log.push(`a3 ${value}`));
  try {
    $a.set(1);
  } catch (error) {
    log.push(`thrown: ${(error as Error).message}`);
  }
  $a.set(1);
  log.push(`get ${$a.get()} ${$b.get()}, lc ${$a.lc}`);
  return log;
}

/** The host's computed, onMount and onSet on a store. */
function hostTools(make: MakeAtom): string[] {
  const log: string[] = [];
  const $user = make<string | null>(null);
  onMount($user, () => {
    log.push('mounted');
    return () => log.push('unmounted');
  });
  onSet($user, ({ newValue }) => log.push(`set ${newValue}`));
  log.push(`get ${$user.get()}`);
  const $name = computed($user, (user) => (user ? user.toUpperCase() : 'nobody'));
  log.push(`computed ${$name.get()}`);
  $user.set('ada');
  log.push(`computed ${$name.get()}`);
  const unbind = $name.subscribe((name) => log.push(`name ${name}`));
  $user.set('grace');
  unbind();
  log.push(`lc ${$user.lc}`);
  return log;
}

describe("the loader's stores", () => {
  it.each(makers)('%s: listeners run as nanostores runs them', (_, make) => {
    expect(listeners(make)).toEqual(listeners(nanoAtom as MakeAtom));
    expect(listeners(make)).toContain('thrown: a2 threw on 1');
    expect(listeners(make)).not.toContain('removed by a1, never called');
  });

  it.each(makers)("%s: the host's computed, onMount and onSet work on them", (_, make) => {
    const log = hostTools(make);
    expect(log).toEqual(hostTools(nanoAtom as MakeAtom));
    expect(log).toContain('computed ADA');
    expect(log).toContain('mounted');
  });
});
