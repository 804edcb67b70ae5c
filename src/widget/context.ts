import type { Emotion } from '@emotion/css/create-instance';
import { createContext, useContext, useEffect, useState } from 'react';
import type { Context } from '../core/context.js';
import type { Look } from './look.js';
import type { Styles } from './styles.js';

export interface WidgetContextValue {
  ctx: Context;
  styles: Styles;
  /** The emotion instance bound to the shadow root, for the styles of lazily loaded screens (wallet-styles.ts). */
  emotion: Emotion;
  /** The resolved theme and the host's variables (look.ts). */
  look: Look;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('Gatehouse screens render inside the widget root');
  return value;
}

interface Subscribable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}

/** The current value of a nanostore; re-renders when it changes. */
export function useStore<T>(store: Subscribable<T>): T {
  const [value, setValue] = useState(() => store.get());
  // subscribe() calls back at once with the current value, so a change between render and effect is not lost.
  useEffect(() => store.subscribe((next) => setValue(() => next)), [store]);
  return value;
}

/** Id of the current screen's title: the dialog is labelled by it. */
export const TITLE_ID = 'gatehouse-title';
