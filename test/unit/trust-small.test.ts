/**
 * The smaller findings of issue 33 item 6 that need no database: /docs keeps no key and cannot be
 * framed; an API without keys answers loopback hosts only and refuses what other sites start;
 * `molt mcp` never prints a credential written into MOLT_API_URL; Temporal's texts stay in the
 * server log.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowError } from '../../api/control/session-update.js';
import { ApiError } from '../../api/plugins/errors.js';
import { buildApi } from '../../api/server.js';
import { displayUrl } from '../../cli/display-url.js';
import { scaled } from '../time-scale.js';

let app: FastifyInstance;
beforeAll(async () => {
  // Open mode, no dependency reached: every refusal here happens before a handler runs.
  app = await buildApi({
    db: {} as never,
    temporal: {} as never,
    taskQueue: 'trust',
    defaultContextWindowTokens: 200_000,
    auth: 'open',
  });
});
afterAll(async () => {
  await app?.close();
});

describe('/docs', () => {
  it('keeps the key in the page only and sends a policy that refuses framing and other origins', async () => {
    let pages = 0;
    for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js']) {
      const answer = await app.inject({ method: 'GET', url });
      if (answer.statusCode >= 300 && answer.statusCode < 400) continue;
      pages += 1;
      expect(answer.statusCode, url).toBe(200);
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/https:|validator\.swagger\.io|\*|upgrade-insecure-requests/);
      expect(answer.body).not.toMatch(/persistAuthorization"?\s*:\s*true/);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
  });
});

describe('an API without keys', () => {
  const operatorPost = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/v1/sessions/s-1/breaker/reset', headers });

  it('refuses any Host that is not loopback (DNS rebinding), before a handler runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.domain(),
          fc.constantFrom(
            'evil.example:8420',
            'localhost.evil.example',
            '127.0.0.1.nip.io',
            '0.0.0.0:8420',
            '[::2]',
          ),
        ),
        async (host) => {
          const answer = await operatorPost({ host });
          expect(answer.statusCode, host).toBe(403);
          expect(answer.json().error.message).toMatch(/^headers\.host: /);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses requests another site starts (Sec-Fetch-Site, Origin), even body-less operator POSTs', async () => {
    for (const headers of [
      { host: 'localhost:8420', 'sec-fetch-site': 'cross-site' },
      { host: 'localhost:8420', 'sec-fetch-site': 'same-site' },
      { host: 'localhost:8420', origin: 'https://evil.example' },
      { host: '127.0.0.1:8420', origin: 'http://localhost:8420' },
      { host: '127.0.0.1:8420', origin: 'null' },
    ] as Array<Record<string, string>>) {
      const answer = await operatorPost(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json().error.code).toBe('forbidden');
    }
  });

  it('answers the machine itself: loopback hosts, same-origin or no Origin', async () => {
    // 404: no such route/session is reached only past authentication; a refusal would be 403.
    for (const headers of [
      { host: 'localhost:8420' },
      { host: '127.0.0.1:8420', origin: 'http://127.0.0.1:8420', 'sec-fetch-site': 'same-origin' },
      { host: '[::1]:8420', 'sec-fetch-site': 'none' },
      { host: 'LOCALHOST' },
    ]) {
      const answer = await app.inject({ method: 'GET', url: '/v1/tools', headers });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('credentials stay out of log lines', () => {
  it('a URL is printed without user, password, query or fragment', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string({ minLength: 1 }),
        (base, secret) => {
          const url = new URL(base);
          url.username = 'molt-user';
          url.password = encodeURIComponent(`pw-${secret}`);
          url.searchParams.set('key', `key-${secret}`);
          const shown = displayUrl(url.href);
          expect(shown).not.toContain('molt-user');
          expect(shown).not.toContain(url.password);
          expect(shown).not.toContain('key-');
          expect(shown.startsWith(`${url.protocol}//${url.host}`)).toBe(true);
        },
      ),
    );
    expect(displayUrl('not a url with secret')).toBe('(not a URL)');
  });
});

describe('molt mcp', () => {
  it('prints where it serves without the credentials written into MOLT_API_URL', async () => {
    const bin = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'mcp'], {
      env: {
        ...process.env,
        MOLT_API_URL: 'http://molt-user:pw-hunter2@127.0.0.1:9/base?key=key-hunter3',
        MOLT_USER_ID: 'ada',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      const deadline = Date.now() + scaled(30_000);
      while (!stderr.includes('serving') && Date.now() < deadline && child.exitCode === null) {
        await once(child.stderr, 'data').catch(() => undefined);
      }
      expect(stderr).toContain('molt mcp: serving http://127.0.0.1:9/base on stdio');
      expect(stderr).not.toMatch(/hunter|molt-user/);
    } finally {
      child.kill();
    }
  });
});

describe("Temporal's texts never reach a client", () => {
  it('a refused update answers molt’s own words; the failure is kept as the cause for the log', () => {
    const failure = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({
        message: 'internal temporal detail: workflow execution already completed',
      }),
    );
    let thrown: unknown;
    try {
      workflowError('s-1', failure);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const apiError = thrown as ApiError;
    expect(apiError.statusCode).toBe(409);
    expect(apiError.message).not.toMatch(/temporal|workflow execution|Update failed/i);
    expect(apiError.cause).toBe(failure);
  });
});
