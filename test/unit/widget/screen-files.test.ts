/** §2.2: every named screen has its own file in src/widget/screens/, named after it in PascalCase. */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';

const pascal = (name: string) =>
  name
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

describe('screen files', () => {
  it.each(Object.values(SCREENS))(
    '%s has src/widget/screens/<PascalCase>.tsx exporting that name',
    (name) => {
      const file = resolve('src/widget/screens', `${pascal(name)}.tsx`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export (function|const) ${pascal(name)}\\b`));
    },
  );

  it('the screen table has a view for every name, and nothing else', async () => {
    const { SCREEN_VIEWS } = await import('../../../src/widget/screen-views.js');
    expect(Object.keys(SCREEN_VIEWS).sort()).toEqual(Object.values(SCREENS).sort());
  });
});
