/**
 * Where molt's own files are (its package.json, the console's ui/, the migrations, the workflow
 * sources), found from the checkout's root: the nearest directory above this module holding a
 * package.json. Right both from the sources (config/) and from the compiled CLI (dist/cli/…,
 * scripts/cli-build.mjs), where a path relative to the module would not be.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`molt: no package.json in ${start} or above`);
  }
}

/** The directory holding molt's package.json. */
export const MOLT_ROOT = findRoot();

/** A path under molt's root: `moltPath('ui', 'index.html')`. */
export const moltPath = (...parts: string[]): string => join(MOLT_ROOT, ...parts);

/** molt's version, from its package.json. */
export function moltVersion(): string {
  return (JSON.parse(readFileSync(moltPath('package.json'), 'utf8')) as { version: string }).version;
}
