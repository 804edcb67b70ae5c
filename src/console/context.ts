import { createContext, useContext, useEffect, useState } from 'react';
import type { Styles } from './styles.js';

export const StylesContext = createContext<Styles | null>(null);

export function useStyles(): Styles {
  const styles = useContext(StylesContext);
  if (!styles) throw new Error('The console renders inside its root');
  return styles;
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
