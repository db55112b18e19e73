/**
 * The compiled `molt` command (docs/cli-build.md): `cli/main.ts` and every module it reaches,
 * bundled by esbuild into `dist/cli/` (ES modules, one chunk per lazily imported verb, packages
 * left to node_modules), and a stamp listing the sources it was built from. `bin/molt.mjs` runs the
 * build while the stamp says it is current, else the sources through tsx.
 *
 *   node scripts/cli-build.mjs          (npm's `prepare` runs it on `npm install` in a checkout)
 *
 * Plain JavaScript, so that neither the build nor the check needs TypeScript tooling; no shell.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(ROOT, 'dist', 'cli');
export const ENTRY = join(OUT_DIR, 'main.js');

/**
 * Whether `dist/cli` holds a build of the sources as they are now: every source the stamp lists
 * still exists and none changed after the build started. A few dozen stat calls, no hashing.
 */
export function isBuildCurrent(outDir = OUT_DIR) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(outDir, 'stamp.json'), 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(stamp.inputs) || typeof stamp.startedAt !== 'number') return false;
  for (const input of stamp.inputs) {
    try {
      if (statSync(join(ROOT, input)).mtimeMs > stamp.startedAt) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Builds into a fresh directory beside dist/cli and swaps it in, so a reader never sees half. */
export async function buildCli(outDir = OUT_DIR) {
  const esbuild = await import('esbuild');
  const startedAt = Date.now();
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'cli', 'main.ts')],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => resolve(ROOT, input))
    .filter((path) => !path.split(sep).includes('node_modules'))
    .map((path) => path.slice(ROOT.length).split('\\').join('/'))
    .sort();
  writeFileSync(
    join(staging, 'stamp.json'),
    `${JSON.stringify({ startedAt, builtAt: Date.now(), inputs }, null, 1)}\n`,
  );
  mkdirSync(dirname(outDir), { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  return { inputs: inputs.length, ms: Date.now() - startedAt };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { inputs, ms } = await buildCli();
    console.error(`molt: CLI built into dist/cli (${inputs} sources, ${ms} ms)`);
  } catch (error) {
    console.error(`molt: the CLI build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
