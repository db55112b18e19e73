/**
 * Builds the plugin to dist/index.js: one ES module with client/ and its dependencies bundled in,
 * so `openclaw plugins install <this directory>` needs no `npm install`. `npm run plugin:build`.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

export async function buildPlugin(): Promise<string> {
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
    // OpenClaw's plugin SDK is the host's own (its loader resolves it): never bundled.
    external: ['openclaw', 'openclaw/*'],
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildPlugin().then(
    (outfile) => console.log(`wrote ${outfile}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
