/**
 * What bringing an evicted session back costs, alone on the stack (no other load): a session is
 * given N turns, its worker is stopped, and a fresh worker on the same task queue (an empty cache,
 * as after an eviction) answers the state query by replaying the session's current run; the second
 * query is answered from the cache. Run: `npx tsx bench/scale-bringback.ts [turns …]`
 * (default 100 400 1000).
 */
import { DEFAULT_TENANT_ID } from '../db/transcript.js';
import { sessionWorkflowId, stateQuery } from '../workflows/contract.js';
import { benchClient, median, postTurn } from './measure.js';
import { log, round, runAsScript, withBenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

const TURNS = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const ROUNDS = 3;

export async function run(): Promise<object> {
  const counts = TURNS.length > 0 ? TURNS : [100, 400, 1_000];
  return withBenchStack({ timeoutMs: 30 * 60_000 }, async (stack) => {
    const first = await stack.startWorker({});
    const taskQueue = first.taskQueue;
    const api = await stack.startApi({ taskQueue });
    const molt = benchClient(api.url);
    const generator = new TurnGenerator(3);
    const post = async (sessionId: string, n: number) => {
      const body = {
        turnId: `t${n}`,
        contextWindowTokens: 1_000_000,
        messages: generator.smallTurn(n) as never,
      };
      let response = await postTurn(molt, sessionId, body);
      for (let retry = 1; response.status === 503 && retry <= 5; retry++) {
        await new Promise((resolve) => setTimeout(resolve, 500 * retry));
        response = await postTurn(molt, sessionId, body);
      }
      if (response.status !== 202) throw new Error(`${response.status} ${response.body}`);
    };
    const handles = [];
    for (const turns of counts) {
      const id = `bringback-${turns}`;
      for (let n = 1; n <= turns; n++) await post(id, n);
      const handle = stack.client.workflow.getHandle(sessionWorkflowId(DEFAULT_TENANT_ID, id));
      for (;;) {
        if ((await handle.query(stateQuery)).lastSeq >= turns * 2) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      handles.push({ turns, handle, events: (await handle.describe()).historyLength });
      log(`${id}: ${handles.at(-1)!.events} events in its current run`);
    }
    await first.stop();
    const results = handles.map(({ turns, events }) => ({
      turns,
      events,
      coldMs: [] as number[],
      warmMs: [] as number[],
    }));
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      const worker = await stack.startWorker({ taskQueue });
      for (const [i, { handle }] of handles.entries()) {
        const coldAt = performance.now();
        await handle.query(stateQuery);
        results[i]!.coldMs.push(performance.now() - coldAt);
        const warmAt = performance.now();
        await handle.query(stateQuery);
        results[i]!.warmMs.push(performance.now() - warmAt);
      }
      await worker.stop();
    }
    return {
      rounds: ROUNDS,
      results: results.map((r) => ({
        turns: r.turns,
        historyEvents: r.events,
        evictedQueryMsMedian: round(median(r.coldMs)),
        cachedQueryMsMedian: round(median(r.warmMs)),
        evictedQueryMs: r.coldMs.map((ms) => round(ms)),
      })),
    };
  });
}

runAsScript(import.meta.url, run);
