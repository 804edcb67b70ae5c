import type { Emotion } from '@emotion/css/create-instance';
import { createContext, useContext, useEffect, useState } from 'react';
import type { Styles } from './styles.js';

export const StylesContext = createContext<Styles | null>(null);
export const EmotionContext = createContext<Emotion | null>(null);

export function useStyles(): Styles {
  const styles = useContext(StylesContext);
  if (!styles) throw new Error('The console renders inside its root');
  return styles;
}

const made = new WeakMap<object, unknown>();

/**
 * A section's own class names, made once through the page's emotion (its CSP nonce): sections
 * keep their rules beside them instead of in styles.ts.
 */
export function useSectionStyles<T>(create: (emotion: Emotion) => T): T {
  const emotion = useContext(EmotionContext);
  if (!emotion) throw new Error('The console renders inside its root');
  if (!made.has(create)) made.set(create, create(emotion));
  return made.get(create) as T;
}

interface Subscribable<T> {
  get(): T;
  subscribe(listener: (value: T) => void): () => void;
}

/** The current value of a nanostore; re-renders when it changes. */
export function useStore<T>(store: Subscribable<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(() => store.subscribe((next) => setValue(() => next)), [store]);
  return value;
}
