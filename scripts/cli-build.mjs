/**
 * The compiled `molt` command (docs/cli.md#start-up): `cli/main.ts` and every module it reaches,
 * bundled by esbuild into `dist/cli/` (ES modules, one chunk per lazily imported verb; packages
 * left to node_modules but the few every light verb loads, BUNDLED), and a stamp listing the
 * sources it was built from. `bin/molt.mjs` runs the
 * build while the stamp says it is current, else the sources through tsx.
 *
 *   node scripts/cli-build.mjs          (npm's `prepare` runs it on `npm install` in a checkout)
 *
 * Plain JavaScript, so that neither the build nor the check needs TypeScript tooling; no shell.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(ROOT, 'dist', 'cli');
export const ENTRY = join(OUT_DIR, 'main.js');

/**
 * Packages bundled into the build rather than loaded from node_modules: the ones `--help`,
 * `--version` and the agent verbs load (docs/cli.md#start-up). Node resolves and reads a package's
 * files one by one, and a CommonJS one (commander) through a lexer for its exports; bundled, each
 * is one read of a chunk. Every other package stays external: a heavy verb loads it as it is.
 */
export const BUNDLED = new Set(['commander', 'openapi-fetch']);

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every package external but BUNDLED ones (and what those import). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || isAbsolute(args.path)) return undefined;
      if (args.path.startsWith('node:')) return { external: true };
      const bundled = BUNDLED.has(packageOf(args.path)) || args.importer.split(sep).includes('node_modules');
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * A bundled CommonJS package's `require` of a Node built-in needs a `require` in the ES module it
 * lands in (esbuild's shim calls it); aliased, so that it cannot meet an import of the bundle's own.
 */
const REQUIRE_BANNER =
  "import { createRequire as __moltCreateRequire } from 'node:module'; " +
  'const require = __moltCreateRequire(import.meta.url);';

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
  // ROOT ends with a separator and the inputs are relative with '/', which every platform's fs
  // takes: a concatenation, not path.join, which costs more than the stat on a cold start.
  for (const input of stamp.inputs) {
    const stats = statSync(ROOT + input, { throwIfNoEntry: false });
    if (stats === undefined || stats.mtimeMs > stamp.startedAt) return false;
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
    plugins: [externalPackages],
    banner: { js: REQUIRE_BANNER },
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
  // Which packages each output file holds (test/unit/cli-start.test.ts reads it: a bundled package
  // loads as a chunk of dist/cli, not from node_modules).
  const packages = Object.fromEntries(
    Object.entries(result.metafile.outputs).flatMap(([output, { inputs: held }]) => {
      const names = [
        ...new Set(
          Object.keys(held).flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []),
        ),
      ];
      return names.length > 0 ? [[relative(staging, resolve(ROOT, output)).split(sep).join('/'), names]] : [];
    }),
  );
  writeFileSync(join(staging, 'packages.json'), `${JSON.stringify(packages, null, 1)}\n`);
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
