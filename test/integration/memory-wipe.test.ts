/**
 * A memory wipe stays wiped (issue 33 item 5): `DELETE /v1/memories?userId=U` right after U said
 * "please remember that my locker code is …" — before, during or after the extraction of that
 * range, through the real session workflow and its idle extraction — leaves no memory of it, and
 * none comes back: not from the idle timer, not from an extraction of the range started again.
 * The transcript is kept (a wipe erases memories only), and what U says after the wipe is
 * remembered as usual.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryExtractionWorkflowId } from '../../workflows/contract.js';
import { scaled } from '../time-scale.js';
import { caller, eventually, type Harness, type Json, startHarness } from './harness.js';

const IDLE_MS = 1_500;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ memoryIdleMs: IDLE_MS });
});
afterAll(async () => {
  await h?.stop();
});

const call = (method: string, url: string, payload?: unknown) => caller(h.app)(method, url, payload);

let turns = 0;
async function say(sessionId: string, userId: string, text: string) {
  turns += 1;
  const response = await call('POST', `/v1/sessions/${sessionId}/turns`, {
    turnId: `t${turns}`,
    userId,
    contextWindowTokens: 100_000,
    messages: [
      { role: 'user', content: text },
      { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }], stopReason: 'stop' },
    ],
  });
  expect(response.status, response.body).toBe(202);
}

/** Rows of the memory tables that hold `needle`. */
async function memoryRowsHolding(needle: string, options: { extractedOnly?: boolean } = {}): Promise<number> {
  const kinds = options.extractedOnly ? sql` and m.type <> 'episode'` : sql``;
  const result = (await h.database.db.execute(
    sql`select (select count(*) from memories m where m::text like ${`%${needle}%`}${kinds})
      + (select count(*) from memory_events e where e::text like ${`%${needle}%`}) as n`,
  )) as unknown as { rows: Array<{ n: string | number }> };
  return Number(result.rows[0]?.n ?? 0);
}

const extractionsSettled = (sessionId: string) =>
  eventually(
    async () => (await call('GET', `/v1/memory-extractions?sessionId=${sessionId}`)).json(),
    (list) => list.items.length > 0 && list.items.every((x: Json) => x.status !== 'running'),
  );

describe('a memory wipe × the extraction of what was said before it', () => {
  for (const timing of ['before extraction', 'during extraction', 'after extraction'] as const) {
    it(timing, { timeout: scaled(300_000) }, async () => {
      const code = `Locker${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      const userId = `u-${randomUUID()}`;
      const sessionId = `wipe-${randomUUID()}`;
      // Stored (202) means its seqs are in PostgreSQL: the wipe below sees them.
      await say(sessionId, userId, `Please remember that my locker code is ${code}.`);
      const rerun = () =>
        h.client.workflow
          .start('memoryExtractionWorkflow', {
            taskQueue: h.taskQueue,
            workflowId: `${memoryExtractionWorkflowId('default', sessionId, 1, 2)}:again:${randomUUID()}`,
            args: [{ tenantId: 'default', sessionId, fromSeq: 1, toSeq: 2, trigger: 'replay' }],
          })
          .then((handle) => handle.result())
          .catch(() => undefined);

      if (timing === 'after extraction') {
        // An extracted memory, not only the turn's episode (db/memory/episodes.ts).
        await eventually(
          () => memoryRowsHolding(code, { extractedOnly: true }),
          (n) => n > 0,
        );
      }
      const wipe = () => call('DELETE', `/v1/memories?userId=${userId}`);
      const wiped = timing === 'during extraction' ? (await Promise.all([wipe(), rerun()]))[0] : await wipe();
      expect(wiped.status, wiped.body).toBe(200);
      expect(wiped.body).not.toContain(code);
      if (timing === 'after extraction') expect(wiped.json().memories).toBeGreaterThan(0);

      // The idle extraction (its timer was set by the turn) and a re-run of the range write nothing.
      await rerun();
      await extractionsSettled(sessionId);
      expect(await memoryRowsHolding(code)).toBe(0);
      // The transcript is kept.
      const context = await call('GET', `/v1/sessions/${sessionId}/context`);
      expect(context.body).toContain(code);

      // What the user says after the wipe is remembered as usual (once the wiped range was
      // extracted: an extraction starting inside it writes nothing, see docs/security.md).
      if (timing === 'after extraction') {
        const bike = `Bike${randomUUID().replaceAll('-', '').slice(0, 10)}`;
        await say(sessionId, userId, `Please remember that my bike is ${bike}.`);
        await eventually(
          () => memoryRowsHolding(bike),
          (n) => n > 0,
        );
        expect(await memoryRowsHolding(code)).toBe(0);
      }
    });
  }
});
