/**
 * The API's OpenAPI document (GET /openapi.json) and a browsable Swagger UI (GET /docs), built
 * from the routes' own zod schemas. Register before the routes: swagger records each route as it
 * is added.
 */
import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/docs';

/** The resources of the API, in the order the document lists them (docs/api.md#routes). */
const TAGS = [
  { name: 'turns', description: "The agent's per-turn call: store the messages, signal the session." },
  { name: 'context', description: 'The assembled context the agent sends to its model.' },
  {
    name: 'sessions',
    description: 'Session views, overflow recovery, manual compaction, breaker reset, Temporal history.',
  },
  { name: 'compactions', description: 'Compaction attempts: list, read in full, replay.' },
  {
    name: 'memories',
    description:
      'Durable memories: commit, search, inspect, delete, erase; extractions and their diffs; agent tools.',
  },
  { name: 'service', description: 'Liveness, readiness and Prometheus metrics.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];

/** The resource a route belongs to, from its URL template (`/v1/sessions/:sessionId/turns`). */
export function tagOf(url: string): Tag {
  const [, version, resource, , action] = url.split('/');
  if (version !== 'v1') return 'service';
  if (resource === 'compactions') return 'compactions';
  if (resource === 'memories' || resource === 'memory-extractions' || resource === 'tools') return 'memories';
  if (action === 'turns') return 'turns';
  if (action === 'context') return 'context';
  return 'sessions';
}

const transformWithTags: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return transformed;
  return { ...transformed, schema: { ...schema, tags: [tagOf(input.url)] } };
};

function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'molt',
        description:
          'A durable context engine for AI agents: transcripts in PostgreSQL, compaction on Temporal. ' +
          'Errors are always `{ "error": { "code", "message", "details"? } }`.',
        version: packageVersion(),
      },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
    },
    transform: transformWithTags,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
