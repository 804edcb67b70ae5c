#!/usr/bin/env node
/**
 * Settings are resolved once, per domain: the host's configuration over the app's is read only in
 * src/core/settings/ (one pure function and one accessor per domain) and src/core/config.ts. Part
 * of `npm run lint`; prints each `$hostConfig.get()` / `$appConfig.get()` elsewhere in src/ and
 * exits 1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const ALLOWED = (file) => file.startsWith('src/core/settings/') || file === 'src/core/config.ts';
const READ = /\$(?:hostConfig|appConfig)\s*\.\s*get\s*\(\s*\)/;

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !ALLOWED(file) && existsSync(file));

const offending = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ file, at: i + 1, line }))
    .filter(({ line }) => READ.test(line)),
);
for (const { file, at, line } of offending) console.error(`${file}:${at}: ${line.trim()}`);
const found = offending.length;
if (found > 0) {
  console.error(
    `${found} read(s) of the configuration stores outside src/core/settings/: read the domain's settings (e.g. walletSettings(ctx)) instead.`,
  );
}
process.exit(found > 0 ? 1 : 0);
