/**
 * Re-takes the console's screenshots in docs/images (docs/console.md#screenshots): runs the
 * browser tier (test/browser, a real molt and Chromium) with MOLT_CONSOLE_SCREENSHOTS pointing
 * there, then lists every console image with its size, and fails when the tier failed, when an
 * image was not re-taken (a stale picture of an older console) or when one is over 150 KB (the
 * README and docs pages load them).
 *
 *   node scripts/console-screenshots.mjs
 *
 * Plain JavaScript, no shell: the same on Linux, macOS and Windows.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(ROOT, 'docs', 'images');
const MAX_BYTES = 150 * 1024;

const startedAt = Date.now();
const run = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'browser'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, MOLT_CONSOLE_SCREENSHOTS: DIR } },
);

const problems = run.status === 0 ? [] : [`the browser tier failed (exit ${run.status ?? run.signal})`];
for (const name of readdirSync(DIR)
  .filter((n) => /^console-.*\.png$/.test(n))
  .sort()) {
  const { size, mtimeMs } = statSync(join(DIR, name));
  console.log(`${name.padEnd(36)} ${(size / 1024).toFixed(0).padStart(4)} KB`);
  if (mtimeMs < startedAt) problems.push(`${name} was not re-taken: no browser test takes it any more`);
  if (size > MAX_BYTES)
    problems.push(`${name} is ${(size / 1024).toFixed(0)} KB, over ${MAX_BYTES / 1024} KB`);
}
for (const problem of problems) console.error(`molt: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
