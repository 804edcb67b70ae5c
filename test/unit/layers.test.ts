import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const fixture = resolve(root, 'test/fixtures/layers');

describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('reject every kind of wrong import of DESIGN.md', async () => {
    const result = await promisify(execFile)(
      process.execPath,
      [
        resolve(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        'src',
        'loader',
        '--config',
        resolve(root, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: fixture },
    ).catch((error: { stdout: string }) => error);
    const summary = JSON.parse(result.stdout).summary as { violations: Array<{ rule: { name: string } }> };
    const broken = new Set(summary.violations.map((v) => v.rule.name));
    expect([...broken].sort()).toEqual([
      'core-imports-only-protocol',
      'core-is-framework-free',
      'loader-stays-tiny',
      'protocol-has-no-dependencies',
      'server-never-imports-browser-code',
      'server-never-imports-browser-packages',
    ]);
  }, 30_000);
});
