/**
 * One key cannot stall the others (issue 33 item 2): another tenant's request latency while one
 * hostile key attacks the same API process, against the same requests with the API idle, in one
 * run. The API is configured as `molt api` is by default (keys required, a pool of 10,
 * MOLT_KEY_CONCURRENCY and MOLT_RATE_LIMIT_PER_MINUTE at their defaults).
 *
 * The hostile key does both attacks of the issue at once, in rounds: six `POST /mcp` batches of
 * 100 `search_memories` calls each, and thirty concurrent `POST /v1/memories` commits into one
 * scope holding ~2,000 memories (bench/starvation-attack.ts, in a process of its own: a remote
 * attacker's JavaScript is not the API's). The other tenant meanwhile sends searches of its own,
 * one after another. Idle and attacked windows alternate (WINDOWS of each), so that on a shared
 * machine both see the same background load. A second part runs the same against an API with
 * the per-key bound off (MOLT_KEY_CONCURRENCY=0) to show what the bound does.
 *
 * Goal: the other tenant's p99 under attack within 2× its idle p99.
 *
 * Run: `npx tsx bench/starvation.bench.ts` — prints one JSON object. `run()` returns it.
 */

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createMoltClient } from '../client/index.js';
import { DEFAULT_KEY_CONCURRENCY, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../config/defaults.js';
import { createApiKey } from '../db/api-keys.js';
import { indexTermsOf } from '../db/memory/memories.js';
import { memories } from '../db/memory/memory-schema.js';
import { ensureTenant } from '../db/transcript.js';
import { operatorMemoryRow } from '../test/fixtures/memory-rows.js';
import { median, percentile, round } from './measure.js';
import { type BenchApi, type BenchStack, log, runAsScript, withBenchStack } from './stack.js';
import {
  type AttackTarget,
  attackerArgs,
  BATCH_CALLS,
  BATCHES,
  COMMITS,
  wordsOf,
} from './starvation-attack.js';

const TIMEOUT_MS = 15 * 60_000;
const SCOPE_MEMORIES = 2_000;
const SAMPLES = Number(process.env.STARVATION_SAMPLES ?? 300);
/** Idle and attacked windows alternate this many times; each holds SAMPLES / WINDOWS requests. */
const WINDOWS = 10;

interface Keys {
  hostile: string;
  hostileUser: string;
  other: string;
  otherUser: string;
}

async function seed(stack: BenchStack): Promise<Keys> {
  const db = stack.database.db;
  const hostileTenant = `hostile-${randomUUID().slice(0, 8)}`;
  const otherTenant = `other-${randomUUID().slice(0, 8)}`;
  await ensureTenant(db, hostileTenant);
  await ensureTenant(db, otherTenant);
  const keys: Keys = {
    hostile: (await createApiKey(db, { tenantId: hostileTenant, role: 'operator' })).key,
    hostileUser: 'big-user',
    other: (await createApiKey(db, { tenantId: otherTenant, role: 'operator' })).key,
    otherUser: 'small-user',
  };
  log(`seeding ${SCOPE_MEMORIES} memories into the hostile tenant's scope`);
  // Inserted in bulk with their recall-index rows (a commit each would compare each with all before).
  const rowsOf = (tenantId: string, userId: string, n: number, text: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => operatorMemoryRow({ tenantId, userId }, 'profile', text(i)));
  const seedRows = [
    ...rowsOf(
      hostileTenant,
      keys.hostileUser,
      SCOPE_MEMORIES,
      (i) => `fact ${i}: the ${wordsOf(i, 6)} of item ${i} is ${randomUUID()}`,
    ),
    ...rowsOf(otherTenant, keys.otherUser, 50, (i) => `note ${i}: the ${wordsOf(i, 5)} is ${i}`),
  ];
  for (let i = 0; i < seedRows.length; i += 500) {
    const inserted = await db
      .insert(memories)
      .values(seedRows.slice(i, i + 500))
      .returning();
    await indexTermsOf(db, inserted);
  }
  return keys;
}

/** The other tenant's requests, one after another: each one's latency (ms) and status. */
async function otherTenant(
  api: BenchApi,
  keys: Keys,
  samples: number,
): Promise<{ ms: number[]; failed: number }> {
  const molt = createMoltClient({ baseUrl: api.url, apiKey: keys.other, retries: 0, timeoutMs: 60_000 });
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const { response } = await molt.api.POST('/v1/memories/search', {
      body: { query: `the ${wordsOf(i, 2)}`, userId: keys.otherUser },
    });
    ms.push(performance.now() - started);
    if (!response.ok) {
      failed += 1;
      log(`other tenant: ${response.status}`);
    }
  }
  return { ms, failed };
}

function figures(ms: readonly number[]) {
  return {
    p50Ms: round(median(ms), 2),
    p99Ms: round(percentile(ms, 99), 2),
    maxMs: round(Math.max(...ms), 2),
  };
}

/** The attacker's process, started and stopped on request (bench/starvation-attack.ts). */
function attacker(target: AttackTarget) {
  const child = fork(
    fileURLToPath(new URL('./starvation-attack.ts', import.meta.url)),
    attackerArgs(target),
    {
      // TypeScript in the attacker as in the bench: tsx's loader.
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const next = <T>(field: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!(field in message)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message[field] as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the attacker exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return {
    async start() {
      const started = next<boolean>('started');
      child.send({ start: true });
      await started;
    },
    /** Stops after the round under way; the answers of this attack by status. */
    async stop() {
      const statuses = next<Record<string, number>>('statuses');
      child.send({ stop: true });
      return statuses;
    },
    close: () => {
      child.disconnect();
    },
  };
}

/**
 * WINDOWS idle windows and WINDOWS attacked ones, alternating: the other tenant's latencies in
 * each, and the hostile key's answers. An attack is stopped (its round finished) before the next
 * idle window.
 */
async function measure(api: BenchApi, keys: Keys) {
  const hostile = attacker({ url: api.url, key: keys.hostile, userId: keys.hostileUser });
  const idle = { ms: [] as number[], failed: 0 };
  const attacked = { ms: [] as number[], failed: 0 };
  const hostileAnswers: Record<string, number> = {};
  try {
    for (let w = 0; w < WINDOWS; w++) {
      const quiet = await otherTenant(api, keys, SAMPLES / WINDOWS);
      idle.ms.push(...quiet.ms);
      idle.failed += quiet.failed;
      await hostile.start();
      const loud = await otherTenant(api, keys, SAMPLES / WINDOWS);
      attacked.ms.push(...loud.ms);
      attacked.failed += loud.failed;
      for (const [status, n] of Object.entries(await hostile.stop())) {
        hostileAnswers[status] = (hostileAnswers[status] ?? 0) + n;
      }
    }
  } finally {
    await hostile.close();
  }
  return {
    idle: { ...figures(idle.ms), failed: idle.failed, samples: idle.ms.length },
    attacked: {
      ...figures(attacked.ms),
      failed: attacked.failed,
      samples: attacked.ms.length,
      hostileAnswers,
    },
  };
}

export async function run(): Promise<object> {
  return withBenchStack({ timeoutMs: TIMEOUT_MS }, async (stack) => {
    const keys = await seed(stack);
    const taskQueue = `starvation-${randomUUID()}`;
    const bounded = await stack.startApi({
      taskQueue,
      deps: {
        auth: 'required',
        keyConcurrency: DEFAULT_KEY_CONCURRENCY,
        rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
      },
    });
    // Warm-up: JIT, prepared statements, the pool's connections.
    await otherTenant(bounded, keys, SAMPLES / WINDOWS);
    log('idle and attacked windows, per-key bound on');
    const on = await measure(bounded, keys);
    await bounded.stop();
    log('idle and attacked windows, per-key bound off');
    const unbounded = await stack.startApi({
      taskQueue,
      deps: { auth: 'required', keyConcurrency: 0, rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE },
    });
    await otherTenant(unbounded, keys, SAMPLES / WINDOWS);
    const off = await measure(unbounded, keys);
    await unbounded.stop();
    return {
      setup: {
        scopeMemories: SCOPE_MEMORIES,
        attack: `${BATCHES} MCP batches × ${BATCH_CALLS} search_memories + ${COMMITS} concurrent commits into one scope, in rounds`,
        otherTenantRequest:
          'POST /v1/memories/search (operator key, a user with 50 memories), one after another',
        windows: `${WINDOWS} idle and ${WINDOWS} attacked, alternating`,
        attacker: 'a process of its own (forked by the bench)',
        keyConcurrency: DEFAULT_KEY_CONCURRENCY,
        rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
        poolSize: 10,
        samples: SAMPLES,
      },
      boundOn: on,
      boundOff: off,
      p99RatioAttackedToIdle: round(on.attacked.p99Ms / on.idle.p99Ms, 2),
      p99RatioUnboundedToIdle: round(off.attacked.p99Ms / off.idle.p99Ms, 2),
      goal: 'p99RatioAttackedToIdle ≤ 2',
    };
  });
}

runAsScript(import.meta.url, run);
