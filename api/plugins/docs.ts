/**
 * The API's OpenAPI document (GET /openapi.json) and a browsable Swagger UI (GET /docs), built
 * from the routes' own zod schemas. Register before the routes: swagger records each route as it
 * is added.
 */

import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { moltVersion } from '../../config/paths.js';
import { operationDocs } from '../schemas/openapi-operations.js';

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
  { name: 'keys', description: "Operators: a tenant's API keys, revocation." },
  { name: 'service', description: 'Liveness, readiness and Prometheus metrics.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];

/** The resource a route belongs to, from its URL template (`/v1/sessions/:sessionId/turns`). */
export function tagOf(url: string): Tag {
  const [, version, resource, , action] = url.split('/');
  if (version !== 'v1') return 'service';
  if (resource === 'compactions') return 'compactions';
  if (resource === 'keys') return 'keys';
  if (resource === 'memories' || resource === 'memory-extractions' || resource === 'tools') return 'memories';
  if (action === 'turns') return 'turns';
  if (action === 'context') return 'context';
  return 'sessions';
}

/** The security scheme every /v1 operation names: Swagger's Authorize button asks for the key. */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * Each route's tag, summary, description, security and body example (api/schemas/openapi-operations.ts).
 * A route with no entry is documented as it is; test/unit/openapi-docs.test.ts fails on it.
 */
const transformWithDocs: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return transformed;
  const method = [input.route.method].flat()[0] ?? 'GET';
  const docs = operationDocs(method, input.url);
  const operator = (input.route.config as { role?: string } | undefined)?.role === 'operator';
  const v1 = input.url.startsWith('/v1/');
  const body = schema.body as Record<string, unknown> | undefined;
  return {
    ...transformed,
    schema: {
      ...schema,
      tags: [tagOf(input.url)],
      ...(docs
        ? {
            summary: docs.summary,
            description: operator ? `${docs.description}\n\nOperator keys only.` : docs.description,
          }
        : {}),
      // /v1 needs a key; the service routes (health, readiness, metrics) do not.
      security: v1 ? [{ [BEARER_SCHEME]: [] }] : [],
      ...(body && docs?.example !== undefined ? { body: { ...body, examples: [docs.example] } } : {}),
    },
  };
};

/**
 * swagger-ui's policy tightened: no framing by anyone, no other origin for fonts, styles and
 * images (its defaults allow `https:` and the public validator), no upgrade of a plain-HTTP
 * local molt's requests, no form posts.
 */
export function docsCsp(header: string): string {
  return header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace("font-src 'self' https: data:", "font-src 'self' data:")
    .replace(' validator.swagger.io', '')
    .replace("style-src 'self' https:", "style-src 'self'")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .concat(header.includes('form-action') ? '' : " form-action 'none';");
}

const packageVersion = moltVersion;

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
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key: `npx molt keys create --tenant <t> --role agent|operator` prints it once; ' +
              'click Authorize and paste it (without "Bearer ").',
          },
        },
      },
    },
    transform: transformWithDocs,
  });
  // The key entered under Authorize lives in the page's memory only: nothing is kept in
  // localStorage (no `persistAuthorization`), a reload asks for it again. The page sends a
  // Content-Security-Policy (swagger-ui's inline script by its hash) that allows only molt's own
  // origin and refuses framing, like /ui (issue 33 item 6).
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { persistAuthorization: false },
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
