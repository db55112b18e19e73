/**
 * Readiness that means it (issue 32 item 5): a worker refuses a namespace without molt's search
 * attributes and prints the command that registers them; `/readyz` is not ready while no worker
 * polls the task queue; one session's slow signal never marks Temporal down for other sessions.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApi } from '../../api/server.js';
import { MissingSearchAttributesError, taskQueueHasPollers } from '../../worker/readiness.js';
import { createMoltWorker } from '../../worker/worker.js';
import { eventually, type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let native: NativeConnection;
beforeAll(async () => {
  h = await startHarness();
  native = await NativeConnection.connect({ address: inject('temporalAddress') });
});
afterAll(async () => {
  await native?.close();
  await h?.stop();
});

describe('the worker at start', () => {
  it("refuses a namespace without molt's search attributes, printing the command that registers them", async () => {
    const namespace = `bare-${randomUUID().slice(0, 8)}`;
    await h.client.workflowService.registerNamespace({
      namespace,
      // protobufjs takes a number where its types ask for a Long.
      workflowExecutionRetentionPeriod: { seconds: 86_400 } as never,
    });
    const started = createMoltWorker({
      connection: native,
      namespace,
      taskQueue: `molt-test-${randomUUID()}`,
      workflowBundle: { codePath: inject('workflowBundlePath') },
      deps: { db: h.database.db, model: null },
    });
    const error = await eventually(
      () => started.then(() => null).catch((e: unknown) => e),
      () => true,
    );
    expect(error).toBeInstanceOf(MissingSearchAttributesError);
    const message = (error as Error).message;
    expect(message).toContain(namespace);
    expect(message).toContain(
      `temporal operator search-attribute create --namespace ${namespace} --name MoltBreakerOpen --type Bool --name MoltTenant --type Keyword`,
    );
  });
});

describe('/readyz', () => {
  it('is not ready while no worker polls the task queue, and ready once one does', async () => {
    const lonely = `molt-test-${randomUUID()}`;
    expect(await taskQueueHasPollers(h.client.connection, 'default', lonely)).toBe(false);
    // The harness's worker polls its own queue.
    await eventually(
      () => taskQueueHasPollers(h.client.connection, 'default', h.taskQueue),
      (polled) => polled,
    );
    const app = await buildApi({
      db: h.database.db,
      temporal: h.client,
      taskQueue: lonely,
      defaultContextWindowTokens: 200_000,
      readiness: {
        database: () => h.database.ping(),
        temporal: async () => true,
        worker: () => taskQueueHasPollers(h.client.connection, 'default', lonely),
      },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: true,
        temporal: true,
        worker: false,
      });
    } finally {
      await app.close();
    }
  });
});

/** The harness's client, except that signals to sessions named `slow-…` hang past the deadline and fail. */
function slowFor(client: Client, timeoutMs: number, failed: { count: number }): Client {
  const slow = async () => {
    await new Promise((resolve) => setTimeout(resolve, timeoutMs));
    failed.count += 1;
    throw new Error('4 DEADLINE_EXCEEDED: Deadline exceeded');
  };
  const workflow = new Proxy(client.workflow, {
    get(target, key, receiver) {
      if (key === 'signalWithStart') {
        return (type: string, options: { workflowId: string }) =>
          options.workflowId.includes('slow-')
            ? slow()
            : target.signalWithStart(type as never, options as never);
      }
      if (key === 'getHandle') {
        return (workflowId: string) => {
          const handle = target.getHandle(workflowId);
          if (!workflowId.includes('slow-')) return handle;
          return new Proxy(handle, { get: (t, k) => (k === 'signal' ? slow : Reflect.get(t, k)) });
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return new Proxy(client, {
    get: (target, key) => (key === 'workflow' ? workflow : Reflect.get(target, key)),
  });
}

describe('one slow session', () => {
  it("leaves every other session's turns at 202", async () => {
    const failed = { count: 0 };
    // Long enough for a probe to answer on a busy machine; the slow signals take all of it.
    const timeoutMs = 2_000;
    const app = await buildApi({
      db: h.database.db,
      temporal: slowFor(h.client, timeoutMs, failed),
      taskQueue: h.taskQueue,
      defaultContextWindowTokens: 200_000,
      temporalTimeoutMs: timeoutMs,
      readiness: { database: () => h.database.ping(), temporal: async () => true },
      // A long sweep: only the failed signal itself may decide about Temporal here.
      turnDispatch: { intervalMs: 20, sweepMs: 60_000 },
    });
    try {
      const post = (sessionId: string, turnId: string) =>
        app.inject({
          method: 'POST',
          url: `/v1/sessions/${sessionId}/turns`,
          payload: {
            turnId,
            contextWindowTokens: 32_000,
            messages: [{ role: 'user', content: `turn ${turnId}` }],
          },
        });
      const slowSession = uniqueSessionId('slow');
      const others = Array.from({ length: 4 }, () => uniqueSessionId('tenant-b'));
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        expect((await post(slowSession, `s${i}`)).statusCode).toBe(202);
        // Right after one of the slow session's signals failed, the others' turns are still stored.
        const before = failed.count;
        await eventually(
          async () => failed.count,
          (count) => count > before,
        );
        for (const sessionId of others) codes.push((await post(sessionId, `b${i}`)).statusCode);
      }
      expect(codes).toEqual(Array(20).fill(202));
      // And they reach their workflows.
      await eventually(
        async () => (await app.inject({ method: 'GET', url: `/v1/sessions/${others[0]}` })).json().lastSeq,
        (lastSeq) => lastSeq === 5,
      );
    } finally {
      await app.close();
    }
  });
});
