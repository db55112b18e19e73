/**
 * Writes client/openapi.d.ts from molt's OpenAPI document: `npm run client:generate`.
 * The document comes from the API built in-process (no database or Temporal is touched to serve
 * it); the integration test `client-types.test.ts` compares the checked-in file with what the
 * live `/openapi.json` generates, so the two cannot drift.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const GENERATED_TYPES_PATH = fileURLToPath(new URL('./openapi.d.ts', import.meta.url));

const HEADER = "// Generated from molt's /openapi.json by client/generate.ts — do not edit by hand.\n";

/** The TypeScript text openapi-typescript makes of an OpenAPI document. */
export async function typesFromDocument(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3);
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const { buildApi } = await import('../api/server.js');
  // Serving the document reads no dependency: stubs stand in for the database and Temporal.
  const app = await buildApi({
    db: {} as never,
    temporal: {} as never,
    taskQueue: 'openapi',
    defaultContextWindowTokens: 200_000,
  });
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  await app.close();
  writeFileSync(GENERATED_TYPES_PATH, await typesFromDocument(response.json()));
  console.log(`wrote ${GENERATED_TYPES_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
