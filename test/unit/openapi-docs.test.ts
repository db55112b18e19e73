/**
 * Swagger a person can use (issue 23 item 2): walks the live OpenAPI document and fails on an
 * operation without a summary, a description or its security, and on a main route without a
 * request example; every example must pass the route's own validation.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../api/server.js';

interface Operation {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown; schema?: unknown }> };
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

/** The routes an agent or an operator calls with a body: each shows a realistic one. */
const MAIN_BODY_ROUTES = [
  'post /v1/sessions/{sessionId}/turns',
  'post /v1/sessions/{sessionId}/overflow',
  'post /v1/sessions/{sessionId}/compact',
  'post /v1/memories',
  'post /v1/memories/search',
];

let app: FastifyInstance;
let doc: Document;
beforeAll(async () => {
  // Serving the document reads no dependency (as client/generate.ts does); `open` auth lets the
  // examples reach validation without a key table.
  app = await buildApi({
    db: {} as never,
    temporal: {} as never,
    taskQueue: 'openapi',
    defaultContextWindowTokens: 200_000,
    auth: 'open',
  });
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(async () => {
  await app?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, path, method, op })),
  );

describe('the OpenAPI document', () => {
  it('declares a bearer scheme, so Swagger’s Authorize button asks for the key', () => {
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a summary, a description and its security', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(25);
    const lacking = ops.flatMap(({ name, path, op }) => {
      const problems: string[] = [];
      if (!op.summary?.trim()) problems.push(`${name}: no summary`);
      if (!op.description?.trim() || (op.description?.length ?? 0) < 20)
        problems.push(`${name}: no description`);
      const wanted = path.startsWith('/v1/') ? [{ bearerAuth: [] }] : [];
      if (JSON.stringify(op.security) !== JSON.stringify(wanted))
        problems.push(`${name}: security ${op.security}`);
      return problems;
    });
    expect(lacking).toEqual([]);
  });

  it('says on an operator route that it needs an operator key', () => {
    const op = doc.paths['/v1/compactions/{compactionId}/replay']?.post;
    expect(op?.description).toMatch(/Operator keys only/);
    expect(doc.paths['/v1/sessions/{sessionId}/turns']?.post?.description).not.toMatch(/Operator keys only/);
  });

  it.each(MAIN_BODY_ROUTES)('shows a realistic request body for %s, one the route accepts', async (name) => {
    const found = operations().find((o) => o.name === name);
    expect(found, `${name} is not in the document`).toBeDefined();
    const example = found?.op.requestBody?.content['application/json']?.example;
    expect(example, `${name}: no example`).toBeDefined();
    // Not Swagger's generated placeholder (`"string"`, `["string"]`).
    expect(JSON.stringify(example)).not.toMatch(/"string"/);
    const url = found!.path.replace('{sessionId}', 'example-session');
    const response = await app.inject({ method: 'POST', url, payload: example as object });
    // Past validation the stubs fail: the database (500) or, for a turn, the stubbed Temporal the
    // turn dispatcher probes first (503). A 4xx would be the example refused.
    expect([500, 503], response.body).toContain(response.statusCode);
  });

  it('shows a turn with every message kind an agent posts', () => {
    const example = doc.paths['/v1/sessions/{sessionId}/turns']?.post?.requestBody?.content[
      'application/json'
    ]?.example as { messages: { role: string }[] };
    expect(new Set(example.messages.map((m) => m.role))).toEqual(
      new Set(['user', 'assistant', 'toolResult']),
    );
  });
});
