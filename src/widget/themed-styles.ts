import type { Emotion } from '@emotion/css/create-instance';
import { useMemo } from 'react';
import type { Theme } from '../protocol/client.js';
import { readableOn } from '../protocol/contrast.js';
import { useStore, useWidget } from './context.js';
import { PALETTES } from './styles.js';

/**
 * Styles of a lazily loaded group of screens (wallet-styles.ts, external-wallet-styles.ts), built on
 * the widget's emotion instance for the current theme and accent, once per change. These groups use
 * the accent for text, borders and focus rings only: they get its AA shade on the theme's background.
 */
export function useThemedStyles<T>(create: (emotion: Emotion, theme: Theme, accent: string) => T): T {
  const { ctx, emotion } = useWidget();
  const config = useStore(ctx.$config);
  return useMemo(
    () => create(emotion, config.theme, readableOn(config.accentColor, PALETTES[config.theme].background)),
    [create, emotion, config.theme, config.accentColor],
  );
}
