/**
 * The API's surface seen from outside, on the real stack: the `molt` command's client when the
 * API is away, elsewhere or behind a prefix, and the OpenAPI document and Swagger UI built from
 * the routes' schemas.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, type Json, startHarness } from './harness.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let h: Harness;
let apiUrl: string;

beforeAll(async () => {
  h = await startHarness();
  apiUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await h?.stop();
});

const get = async (url: string): Promise<Json> => (await h.app.inject({ method: 'GET', url })).json();

/** Runs `molt …` as an operator would, against the address `env` names. */
function molt(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/molt.mjs', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the API client of the molt command', () => {
  it('says so when the API cannot be reached', async () => {
    const port = await closedPort();
    const run = await molt(['sessions', 'list'], { MOLT_API_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot reach the molt API at http://127.0.0.1:${port} (ECONNREFUSED)`);
  });

  it('names the variable when MOLT_API_URL is not a URL', async () => {
    const run = await molt(['sessions', 'list'], { MOLT_API_URL: 'localhost:8420' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('MOLT_API_URL: must be an http:// or https:// URL');
  });

  it('sends MOLT_API_KEY as a Bearer token and keeps the path prefix of MOLT_API_URL', async () => {
    const seen: Array<{ url: string | undefined; headers: IncomingHttpHeaders }> = [];
    const server = createServer((request, response) => {
      seen.push({ url: request.url, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ items: [], nextCursor: null, total: 0, totalCapped: false }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await molt(['sessions', 'list', '--breaker', 'open'], {
        MOLT_API_URL: `http://127.0.0.1:${port}/molt`,
        MOLT_API_KEY: 'op-key-123',
      });
      expect(run.stdout).toBe('no sessions\n');
      expect(seen).toEqual([
        {
          url: '/molt/v1/sessions?breaker=open',
          headers: expect.objectContaining({ authorization: 'Bearer op-key-123' }),
        },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the service endpoints', () => {
  it('GET /openapi.json documents the routes from their zod schemas, tagged by resource', async () => {
    const document = await get('/openapi.json');
    expect(document.openapi).toMatch(/^3\./);
    const turns = document.paths['/v1/sessions/{sessionId}/turns'].post;
    expect(turns.tags).toEqual(['turns']);
    expect(turns.parameters).toContainEqual(expect.objectContaining({ name: 'sessionId', in: 'path' }));
    expect(turns.requestBody.content['application/json'].schema.required).toContain('turnId');
    expect(document.paths['/v1/compactions'].get.tags).toEqual(['compactions']);
    expect(document.paths['/v1/sessions/{sessionId}/history'].get.tags).toEqual(['sessions']);
    expect(document.paths['/healthz'].get.tags).toEqual(['service']);
    expect(document.paths['/metrics'].get.tags).toEqual(['service']);
    expect(document.tags.map((t: Json) => t.name)).toEqual([
      'turns',
      'context',
      'sessions',
      'compactions',
      'memories',
      'keys',
      'service',
    ]);
    const commit = document.paths['/v1/memories'].post;
    expect(commit.tags).toEqual(['memories']);
    expect(commit.requestBody.content['application/json'].schema.required).toContain('content');
    expect(commit.responses['201']).toBeDefined();
    expect(document.paths['/v1/memory-extractions/{extractionId}/replay'].post.tags).toEqual(['memories']);
    expect(document.paths['/v1/tools'].get.responses['200']).toBeDefined();
    expect(Object.keys(document.paths).some((path) => path.startsWith('/docs'))).toBe(false);
  });

  it('GET /openapi.json declares the success answer and the error body of every /v1 route', async () => {
    const document = await get('/openapi.json');
    const operations = Object.entries(document.paths as Json)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.entries(item as Json).map(([method, op]) => [`${method} ${path}`, op]),
      );
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const [what, op] of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.filter((status) => status.startsWith('2')),
        what,
      ).not.toEqual([]);
      for (const status of ['400', '401', '429', '500']) {
        const schema = op.responses[status]?.content['application/json'].schema;
        expect(schema?.properties.error.required, `${what} ${status}`).toEqual([
          'requestId',
          'code',
          'message',
        ]);
      }
    }
  });

  it('GET /docs serves Swagger UI', async () => {
    const response = await fetch(`${apiUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('swagger');
  });
});
