import type { Emotion } from '@emotion/css/create-instance';
import { useMemo } from 'react';
import type { Theme } from '../protocol/client.js';
import { useStore, useWidget } from './context.js';

/**
 * Styles of a lazily loaded group of screens (wallet-styles.ts, external-wallet-styles.ts), built on
 * the widget's emotion instance for the current theme and accent, once per change.
 */
export function useThemedStyles<T>(create: (emotion: Emotion, theme: Theme, accent: string) => T): T {
  const { ctx, emotion } = useWidget();
  const config = useStore(ctx.$config);
  return useMemo(
    () => create(emotion, config.theme, config.accentColor),
    [create, emotion, config.theme, config.accentColor],
  );
}
