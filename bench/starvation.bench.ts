/**
 * One key cannot stall the others (issue 33 item 2): another tenant's request latency while one
 * hostile key attacks the same API process, against the same requests with the API idle, in one
 * run. The API is configured as `molt api` is by default (keys required, a pool of 10,
 * MOLT_KEY_CONCURRENCY and MOLT_RATE_LIMIT_PER_MINUTE at their defaults).
 *
 * The hostile key does both attacks of the issue at once, in rounds, for as long as the other
 * tenant is measured: six `POST /mcp` batches of 100 `search_memories` calls each, and thirty
 * concurrent `POST /v1/memories` commits into one scope holding ~2,000 memories. The other tenant
 * meanwhile sends `SAMPLES` searches of its own, one after another. A third phase runs the attack
 * against an API with the per-key bound off (MOLT_KEY_CONCURRENCY=0) to show what the bound does.
 *
 * Goal: the other tenant's p99 under attack within 2× its idle p99.
 *
 * Run: `npx tsx bench/starvation.bench.ts` — prints one JSON object. `run()` returns it.
 */
import { randomUUID } from 'node:crypto';
import { createMoltClient } from '../client/index.js';
import { DEFAULT_KEY_CONCURRENCY, DEFAULT_RATE_LIMIT_PER_MINUTE } from '../config/defaults.js';
import { normalizeMemoryText } from '../context/memory/policy.js';
import { createApiKey } from '../db/api-keys.js';
import { indexTermsOf } from '../db/memory/memories.js';
import { memories } from '../db/memory/memory-schema.js';
import { ensureTenant } from '../db/transcript.js';
import { median, percentile, round } from './measure.js';
import { type BenchApi, type BenchStack, log, runAsScript, withBenchStack } from './stack.js';

const TIMEOUT_MS = 15 * 60_000;
const SCOPE_MEMORIES = 2_000;
const SAMPLES = Number(process.env.STARVATION_SAMPLES ?? 300);
const BATCHES = 6;
const BATCH_CALLS = 100;
const COMMITS = 30;
const WORDS = 'deploy vault rollout cache schema budget retry window cursor token ledger region'.split(' ');

const wordsOf = (i: number, n: number) =>
  Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');

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
    Array.from({ length: n }, (_, i) => {
      const content = text(i);
      const now = new Date();
      return {
        id: `mem_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        tenantId,
        userId,
        agentId: null,
        sessionScope: null,
        type: 'profile' as const,
        content,
        abstract: content,
        normalized: normalizeMemoryText(content),
        priority: 3,
        source: { kind: 'operator' as const },
        validFrom: now,
        recordedAt: now,
        status: 'active' as const,
      };
    });
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
async function otherTenant(api: BenchApi, keys: Keys): Promise<{ ms: number[]; failed: number }> {
  const molt = createMoltClient({ baseUrl: api.url, apiKey: keys.other, retries: 0, timeoutMs: 60_000 });
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < SAMPLES; i++) {
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

/** The hostile key's rounds until `stop` says so; counts answers by status. */
async function attack(api: BenchApi, keys: Keys, stop: () => boolean): Promise<Record<string, number>> {
  const molt = createMoltClient({ baseUrl: api.url, apiKey: keys.hostile, retries: 0, timeoutMs: 120_000 });
  const statuses: Record<string, number> = {};
  const count = (what: string) => {
    statuses[what] = (statuses[what] ?? 0) + 1;
  };
  const batch = () =>
    Array.from({ length: BATCH_CALLS }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'search_memories', arguments: { query: `the ${wordsOf(i, 3)}` } },
    }));
  let round = 0;
  while (!stop()) {
    round += 1;
    const mcp = Array.from({ length: BATCHES }, async () => {
      const response = await fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keys.hostile}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-molt-user-id': keys.hostileUser,
        },
        body: JSON.stringify(batch()),
      });
      const answers = (await response.json().catch(() => [])) as Array<{ result?: { isError?: boolean } }>;
      count(`mcp ${response.status}`);
      if (!response.ok) return;
      for (const answer of Array.isArray(answers) ? answers : []) {
        count(answer.result?.isError ? 'mcp call refused' : 'mcp call answered');
      }
    });
    const commits = Array.from({ length: COMMITS }, async (_, i) => {
      const { response } = await molt.api.POST('/v1/memories', {
        body: {
          userId: keys.hostileUser,
          content: `round ${round} fact ${i}: ${wordsOf(i, 6)} ${randomUUID()}`,
        },
      });
      count(`commit ${response.status}`);
    });
    await Promise.all([...mcp, ...commits]);
  }
  return statuses;
}

function figures(ms: readonly number[]) {
  return {
    p50Ms: round(median(ms), 2),
    p99Ms: round(percentile(ms, 99), 2),
    maxMs: round(Math.max(...ms), 2),
  };
}

async function phase(api: BenchApi, keys: Keys, hostile: boolean) {
  if (!hostile) {
    const other = await otherTenant(api, keys);
    return { ...figures(other.ms), failed: other.failed, samples: other.ms.length };
  }
  let done = false;
  const attacking = attack(api, keys, () => done);
  const other = await otherTenant(api, keys).finally(() => {
    done = true;
  });
  const hostileAnswers = await attacking;
  return { ...figures(other.ms), failed: other.failed, samples: other.ms.length, hostileAnswers };
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
    await otherTenant(bounded, keys);
    log('idle');
    const idle = await phase(bounded, keys, false);
    log('under attack, per-key bound on');
    const attacked = await phase(bounded, keys, true);
    log('idle again');
    const idleAfter = await phase(bounded, keys, false);
    await bounded.stop();
    log('under attack, per-key bound off');
    const unbounded = await stack.startApi({
      taskQueue,
      deps: { auth: 'required', keyConcurrency: 0, rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE },
    });
    await otherTenant(unbounded, keys);
    const attackedUnbounded = await phase(unbounded, keys, true);
    await unbounded.stop();
    // The idle run before the attack is the baseline; the one after shows the API recovered.
    const baseline = idle.p99Ms;
    return {
      setup: {
        scopeMemories: SCOPE_MEMORIES,
        attack: `${BATCHES} MCP batches × ${BATCH_CALLS} search_memories + ${COMMITS} concurrent commits into one scope, in rounds`,
        otherTenantRequest:
          'POST /v1/memories/search (operator key, a user with 50 memories), one after another',
        keyConcurrency: DEFAULT_KEY_CONCURRENCY,
        rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
        poolSize: 10,
        samples: SAMPLES,
      },
      idle,
      idleAfter,
      attacked,
      attackedUnbounded,
      p99RatioAttackedToIdle: round(attacked.p99Ms / baseline, 2),
      p99RatioUnboundedToIdle: round(attackedUnbounded.p99Ms / baseline, 2),
      goal: 'p99RatioAttackedToIdle ≤ 2',
    };
  });
}

runAsScript(import.meta.url, run);
