/**
 * The one build of an integration package: its `src/index.ts` to `dist/index.js`, one ES module
 * with client/ and its dependencies bundled in, so installing the folder needs no `npm install`.
 * The host's own libraries (`external`) are never bundled. Each package's `build.ts` names them.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export async function buildIntegration(packageUrl: string, external: string[]): Promise<string> {
  const root = fileURLToPath(new URL('.', packageUrl));
  const outfile = `${root}dist/index.js`;
  await build({
    entryPoints: [`${root}src/index.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    legalComments: 'none',
    external,
  });
  return outfile;
}

/** Runs a package's build when its build.ts is the script node was started with. */
export function buildWhenRun(moduleUrl: string, buildPackage: () => Promise<string>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  buildPackage().then(
    (outfile) => console.log(`wrote ${outfile}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
