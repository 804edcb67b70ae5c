/**
 * The tests' configuration directory: the development default of the silent-recovery key lives
 * in XDG_CONFIG_HOME (src/server/recovery-key.ts), and the tests must not write into the real
 * one. Every test process (and every provider it starts) uses one directory of this run.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.GATEHOUSE_TEST_CONFIG_HOME) {
  const dir = join(tmpdir(), `gatehouse-test-config-${process.ppid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  process.env.GATEHOUSE_TEST_CONFIG_HOME = dir;
}
process.env.XDG_CONFIG_HOME = process.env.GATEHOUSE_TEST_CONFIG_HOME;
