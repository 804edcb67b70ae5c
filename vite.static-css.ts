/**
 * The modal's static CSS, made at build time: in the widget build, src/widget/modal-styles.ts is
 * replaced by the rules of styles.ts as emotion serialises them here (the same serialiser and
 * hashes as in the page), one string the page inserts into the shadow root's emotion sheet as one
 * nonced <style>, and the class names. The first opening of the modal then parses one stylesheet
 * natively instead of running emotion's serialiser over each rule LANDING reads (a trace of that
 * first render in `npm run bench:modal`: about a third of its main-thread time). Screens in later
 * chunks keep emotion for their own rules.
 */
import { resolve } from 'node:path';
import createEmotion from '@emotion/css/create-instance';
import type { Plugin } from 'vite';
import { createStyles, injectBaseStyles } from './src/widget/styles.js';

const MODULE = resolve('src/widget/modal-styles.ts');

/**
 * The generated module: the same export as modal-styles.ts. Short class names (`gh-` and the rule's
 * index, a prefix emotion never makes) and no vendor prefixes (stylisPlugins: none; every browser
 * the build targets, es2022, takes flexbox, transforms, animations and ::placeholder unprefixed):
 * the text stays about the size of the rules' source it replaces in the modal's chunk.
 */
export function staticModule(): string {
  const emotion = createEmotion({ key: 'gatehouse', stylisPlugins: [] });
  // Emotion in a DOM inserts each rule into its sheet; without one (Node) it keeps the text.
  const rules: string[] = [];
  emotion.sheet.insert = (rule: string) => void rules.push(rule);
  injectBaseStyles(emotion);
  const styles = createStyles(emotion);
  // Reading each class serialises its rule, in the order they are written.
  const short = new Map<string, string>();
  const names = Object.fromEntries(
    Object.entries(styles).map(([key, name]) => {
      if (!short.has(name)) short.set(name, `gh-${short.size.toString(36)}`);
      return [key, short.get(name)];
    }),
  );
  for (const rule of Object.values(emotion.cache.inserted)) if (typeof rule === 'string') rules.push(rule);
  let text = rules.join('');
  for (const [name, to] of short) text = text.replace(new RegExp(`\\.${name}(?![\\w-])`, 'g'), `.${to}`);
  // Each key its own rule (the usual case): the names follow from the keys' order.
  const keys = Object.keys(names);
  const byIndex = keys.every((key, index) => names[key] === `gh-${index.toString(36)}`);
  const table = byIndex
    ? `{};${JSON.stringify(keys.join(' '))}.split(' ').forEach((key, index) => (names[key] = 'gh-' + index.toString(36)))`
    : JSON.stringify(names);
  return `const names = ${table};
export function modalStyles(emotion) {
  emotion.sheet.insert(${JSON.stringify(text.replaceAll(';}', '}'))});
  return names;
}`;
}

export const staticCss: Plugin = {
  name: 'gatehouse:static-css',
  // The dev server and the tests keep the source form, which follows edits of styles.ts.
  apply: 'build',
  enforce: 'pre',
  load(id) {
    return id === MODULE ? staticModule() : undefined;
  },
};
