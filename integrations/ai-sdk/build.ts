/**
 * Builds the package to dist/index.js: one ES module with client/ and its dependencies bundled
 * in; the AI SDK (`ai`, `@ai-sdk/*`) is the host's own, a peer dependency, never bundled.
 * `npx tsx integrations/ai-sdk/build.ts`.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

export async function buildAiSdkPackage(): Promise<string> {
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
    external: ['ai', '@ai-sdk/*'],
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildAiSdkPackage().then(
    (outfile) => console.log(`wrote ${outfile}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
