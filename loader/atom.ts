/**
 * The loader's stores: nanostores' `atom` (1.x) written again for the little the loader uses of it,
 * so that the pasted script stays under its size budget. The same store object as nanostores'
 * (value, init, lc, eq, get, listen, notify, off, set, subscribe), so the host's nanostores
 * (computed, onMount, @nanostores/react, Svelte's `$store`) use it as one of theirs: the shared
 * `nanostoresGlobal.epoch` moves on every change (computed reads it), get() without a listener
 * mounts and unmounts the store (onMount), listeners of a change made inside a listener run after
 * those of the change under way, a listener removed on the way is not called, and a listener that
 * throws does not stop the others (the last error is thrown once all have run). Only batch() does
 * not cover these stores: nanostores' own atoms in the loader's bundle were outside the host's
 * batch() too (each copy of nanostores has its own).
 */
import type { SharedStore } from '../src/protocol/loader.js';

type Listener<T> = (value: T, oldValue?: T, changedKey?: unknown) => void;

interface Atom<T> extends SharedStore<T> {
  value: T;
  init: T;
  lc: number;
  eq(a: T, b: T): boolean;
  notify(oldValue?: T, changedKey?: unknown): void;
  off(): void;
}

const global = globalThis as { nanostoresGlobal?: { epoch: number } };
// biome-ignore lint/suspicious/noAssignInExpressions: nanostores' own line: one epoch for every copy of it.
const shared = (global.nanostoresGlobal ||= { epoch: 0 });
/** The listeners still to call, of every store here; drained by the change that found it empty. */
const queue: (() => void)[] = [];

export function atom<T>(value: T): Atom<T> {
  const listeners: Listener<T>[] = [];
  const store: Atom<T> = {
    value,
    init: value,
    lc: 0,
    eq: Object.is,
    get() {
      if (!store.lc) store.listen(() => {})();
      return store.value;
    },
    listen(listener) {
      store.lc = listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (~index) {
          listeners.splice(index, 1);
          if (!--store.lc) store.off();
        }
      };
    },
    notify(oldValue, changedKey) {
      shared.epoch++;
      const drain = !queue.length;
      for (const listener of listeners)
        queue.push(() => listeners.includes(listener) && listener(store.value, oldValue, changedKey));
      if (!drain) return;
      // The queue itself stands for 'nothing thrown' (a listener may throw undefined).
      let thrown: unknown = queue;
      for (const next of queue) {
        try {
          next();
        } catch (error) {
          thrown = error;
        }
      }
      queue.length = 0;
      if (thrown !== queue) throw thrown;
    },
    off() {},
    set(next) {
      const old = store.value;
      if (!store.eq(old, next)) {
        store.value = next;
        store.notify(old);
      }
    },
    subscribe(listener) {
      const unbind = store.listen(listener);
      listener(store.value);
      return unbind;
    },
  };
  return store;
}
