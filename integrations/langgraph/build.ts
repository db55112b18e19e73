/**
 * Builds the package to dist/index.js: one ES module with client/ and its dependencies bundled
 * in; LangGraph (`@langchain/*`) is the host's own, a peer dependency, never bundled.
 * `npx tsx integrations/langgraph/build.ts`.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

export async function buildLangGraphPackage(): Promise<string> {
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
    external: ['@langchain/*'],
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildLangGraphPackage().then(
    (outfile) => console.log(`wrote ${outfile}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
