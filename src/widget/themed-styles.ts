import type { Emotion } from '@emotion/css/create-instance';
import { useMemo } from 'react';
import { useWidget } from './context.js';

/**
 * Styles of a lazily loaded group of screens (wallet-styles.ts, external-wallet-styles.ts), built on
 * the widget's emotion instance once. Their colours, radius and font are the custom properties that
 * look.ts sets on the host element, so a change of theme needs no new rules.
 */
export function useThemedStyles<T>(create: (emotion: Emotion) => T): T {
  const { emotion } = useWidget();
  return useMemo(() => create(emotion), [create, emotion]);
}
