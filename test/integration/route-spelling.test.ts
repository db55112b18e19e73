/**
 * Every route, however it is spelled (issue 33 item 1). The router decodes percent-encoding, so
 * `/%761/keys` is `/v1/keys` to it: authentication, authorisation and limits must be decided on
 * the route the router matched, never on the raw URL. This walks every route of the live OpenAPI
 * document (and `/mcp`) over a real socket with encoded (`%76`, `%2F`, lower and upper hex),
 * doubled-slash, trailing-slash, upper-case and dot-segment spellings, with no key, an unknown key
 * and another tenant's operator key: never a 500, never a 2xx without a key, never a byte of the
 * tenant's data to the other tenant.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let port = 0;
const SECRET = `spelling-secret-${randomUUID()}`;
const keys = { operatorA: '', agentA: '', operatorB: '' };
const ids = { sessionId: '', memoryId: '', keyId: '' };

/** One request over a socket, the path sent exactly as written (no client-side normalisation). */
function send(
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          // MCP's transport wants both; harmless elsewhere.
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The spellings of one concrete path that a router might take for it (each differs from it). */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1);
  const out = new Set<string>();
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const hex = (ch: string) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  segments.forEach((segment, i) => {
    if (!segment) return;
    // One character of the segment percent-encoded (lower and upper hex): `/%761/keys`.
    for (const at of [0, segment.length - 1]) {
      const ch = segment[at]!;
      for (const code of [hex(ch), hex(ch).toUpperCase()]) {
        const parts = [...segments];
        parts[i] = segment.slice(0, at) + code + segment.slice(at + 1);
        out.add(join(parts));
      }
    }
    // The segment upper-cased.
    const upper = [...segments];
    upper[i] = segment.toUpperCase();
    out.add(join(upper));
    // A dot segment before it, plain and encoded, and a `..` that climbs back to it.
    for (const dot of ['.', '%2e', '%2E', `x/..`, 'x/%2e%2e']) {
      const parts = [...segments];
      parts.splice(i, 0, dot);
      out.add(join(parts));
    }
    // A doubled slash before it; the slash after it encoded.
    const doubled = [...segments];
    doubled.splice(i, 0, '');
    out.add(join(doubled));
    if (i < segments.length - 1) {
      out.add(`/${segments.slice(0, i + 1).join('/')}%2F${segments.slice(i + 1).join('/')}`);
      out.add(`/${segments.slice(0, i + 1).join('/')}%2f${segments.slice(i + 1).join('/')}`);
    }
  });
  out.add(`${path}/`);
  out.add(`${path}//`);
  out.add(path.toUpperCase());
  out.delete(path);
  return [...out];
}

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
  const tenantA = `spell-a-${randomUUID()}`;
  const tenantB = `spell-b-${randomUUID()}`;
  const operatorA = await createApiKey(h.database.db, { tenantId: tenantA, role: 'operator' });
  keys.operatorA = operatorA.key;
  ids.keyId = operatorA.id;
  keys.agentA = (await createApiKey(h.database.db, { tenantId: tenantA, role: 'agent' })).key;
  keys.operatorB = (await createApiKey(h.database.db, { tenantId: tenantB, role: 'operator' })).key;
  ids.sessionId = uniqueSessionId('spell');
  const turn = await send('POST', `/v1/sessions/${ids.sessionId}/turns`, keys.agentA, {
    turnId: 't1',
    userId: `user-${SECRET}`,
    messages: [{ role: 'user', content: `The vault path is ${SECRET}.` }],
  });
  expect(turn.status, turn.text).toBe(202);
  const memory = await send('POST', '/v1/memories', keys.operatorA, {
    content: `The deploy key of ${SECRET} lives in the vault.`,
    userId: `user-${SECRET}`,
  });
  expect(memory.status, memory.text).toBe(201);
  ids.memoryId = (JSON.parse(memory.text) as Json).memory.id;
});
afterAll(async () => {
  await h?.stop();
});

async function routes(): Promise<Array<{ method: string; path: string }>> {
  const doc = JSON.parse((await send('GET', '/openapi.json', undefined)).text) as Json;
  const out: Array<{ method: string; path: string }> = [{ method: 'POST', path: '/mcp' }];
  for (const [template, item] of Object.entries(doc.paths as Json)) {
    if (!template.startsWith('/v1/')) continue;
    const path = template
      .replace('{sessionId}', ids.sessionId)
      .replace('{memoryId}', ids.memoryId)
      .replace('{keyId}', ids.keyId)
      .replace(/\{[A-Za-z]+\}/g, 'x-1');
    for (const method of Object.keys(item as Json)) out.push({ method: method.toUpperCase(), path });
  }
  return out;
}

const bodyFor = (method: string, path: string): unknown =>
  path === '/mcp'
    ? {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_memories', arguments: { query: 'vault' } },
      }
    : method === 'POST' || method === 'PATCH'
      ? { query: SECRET, content: 'x', messages: [{ role: 'user', content: 'hi' }], turnId: 'z' }
      : undefined;

describe('every route under every spelling', () => {
  it('no key: 401 on the routes the router matches, 404 for the rest; never 2xx, never 500', async () => {
    const list = await routes();
    expect(list.length).toBeGreaterThan(25);
    const failures: string[] = [];
    let tried = 0;
    for (const { method, path } of list) {
      for (const spelling of [path, ...spellingsOf(path)]) {
        for (const key of [undefined, `molt_unknown_${randomUUID()}`]) {
          tried += 1;
          const answer = await send(method, spelling, key, bodyFor(method, path));
          const ok = [400, 401, 404, 405].includes(answer.status);
          if (!ok || answer.text.includes(SECRET)) {
            failures.push(`${method} ${spelling} (${key ? 'unknown key' : 'no key'}) → ${answer.status}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  });

  it("another tenant's operator key: never a 500, never a byte of the tenant's data", async () => {
    const failures: string[] = [];
    for (const { method, path } of await routes()) {
      // Erasures and revocations would act on the other tenant's own (empty) data: reads and
      // searches are enough to see a leak, and every spelling of the rest is still walked.
      for (const spelling of [path, ...spellingsOf(path)]) {
        const answer = await send(method, spelling, keys.operatorB, bodyFor(method, path));
        if (answer.status >= 500 || answer.text.includes(SECRET)) {
          failures.push(`${method} ${spelling} → ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Tenant A's memory is still there for its own key.
    const own = await send('GET', `/v1/memories/${ids.memoryId}`, keys.operatorA);
    expect(own.status).toBe(200);
  });
});
