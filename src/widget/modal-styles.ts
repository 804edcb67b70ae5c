import type { Emotion } from '@emotion/css/create-instance';
import { createStyles, injectBaseStyles, type Styles } from './styles.js';

/**
 * The modal's own rules (styles.ts) on the shadow root's emotion: the shadow root's base style,
 * and each class serialised by emotion when first read. This is the source form (tests, dev); the
 * widget build replaces this module with the same rules serialised at build time
 * (vite.static-css.ts): one nonced <style> of text and the class names, so the first opening of the
 * modal spends none of its frame in emotion's serialiser.
 */
export function modalStyles(emotion: Emotion): Styles {
  injectBaseStyles(emotion);
  return createStyles(emotion);
}
