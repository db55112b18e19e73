/**
 * The recall tests' stack (recall.test.ts, recall-tools.test.ts): the real stack behind the API in
 * required-auth mode, an agent and an operator key of a fresh tenant, and the calls the tests make.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApi } from '../../api/server.js';
import { createApiKey } from '../../db/api-keys.js';
import { type Harness, type Json, startHarness } from './harness.js';

export type { Json };

/** Starts the stack for the calling test file (its beforeAll/afterAll) and returns its calls. */
export function useRecallStack() {
  const stack = {} as { h: Harness; app: FastifyInstance };
  const keys: { agent?: string; operator?: string } = {};
  beforeAll(async () => {
    stack.h = await startHarness();
    stack.app = await buildApi({
      db: stack.h.database.db,
      temporal: stack.h.client,
      taskQueue: stack.h.taskQueue,
      defaultContextWindowTokens: 200_000,
      auth: 'required',
    });
    const tenantId = `tenant-recall-${randomUUID()}`;
    keys.agent = (await createApiKey(stack.h.database.db, { tenantId, role: 'agent' })).key;
    keys.operator = (await createApiKey(stack.h.database.db, { tenantId, role: 'operator' })).key;
  });
  afterAll(async () => {
    await stack.app?.close();
    await stack.h?.stop();
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    key = keys.agent,
  ): Promise<Json> {
    const response = await stack.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  }

  /** A turn of a user asking `text` (and the assistant acknowledging). */
  async function ask(sessionId: string, turnId: string, text: string, scope: Json = {}): Promise<void> {
    await call('POST', `/v1/sessions/${sessionId}/turns`, {
      turnId,
      contextWindowTokens: 100_000,
      ...scope,
      messages: [{ role: 'user', content: text }],
    });
  }

  /** An operator names the scope it writes to (an agent key writes only into its session's). */
  const remember = (scope: Json, content: string, extra: Json = {}) =>
    call('POST', '/v1/memories', { content, type: 'preference', ...scope, ...extra }, keys.operator).then(
      (r) => r.memory,
    );

  const context = (sessionId: string, query = '', key = keys.agent) =>
    call('GET', `/v1/sessions/${sessionId}/context${query ? `?${query}` : ''}`, undefined, key);

  return { stack, keys, call, ask, remember, context };
}
