import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../src/protocol/index.js';

describe('SDK version', () => {
  it("equals package.json's version (it is sent in gatehouse-client and pins the widget's URL)", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
