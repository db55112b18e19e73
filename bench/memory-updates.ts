/**
 * Update accuracy on the planted change-of-mind corpus (bench/memory-updates-corpus.ts): each
 * step's user message is extracted by the `extractive` extractor and stored by the real store
 * (verify, the SQL probes, the update policy) on an embedded PGlite, one fresh user per case; the
 * step is right when the event it wrote has the expected kind (no candidate at all is wrong). Also
 * reported: the cases whose every step was right, and every wrong step with the policy's reason.
 *
 * Run: `npx tsx bench/memory-updates.ts` — prints one JSON object (also part of memory.bench.ts).
 */
import { and, eq } from 'drizzle-orm';
import { type ExtractiveOptions, extractCandidates } from '../context/memory/extractive.js';
import { EXTRACTIVE_VERSION } from '../context/memory/policy.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { scopeOf } from '../db/memory/memories.js';
import { beginExtraction, completeExtraction } from '../db/memory/memory-extractions.js';
import { memoryEvents } from '../db/memory/memory-schema.js';
import { HELD_OUT, TUNED, type UpdateCase } from './memory-updates-corpus.js';
import { round, runAsScript } from './stack.js';

interface PartResult {
  cases: number;
  steps: number;
  stepsRight: number;
  accuracy: number;
  casesAllRight: number;
  byExpected: Record<string, { right: number; of: number }>;
  wrong: Array<{ case: string; say: string; expected: string; got: string; reason: string | null }>;
}

async function runPart(
  handle: DatabaseHandle,
  part: string,
  cases: readonly UpdateCase[],
  options: ExtractiveOptions,
): Promise<PartResult> {
  const result: PartResult = {
    cases: cases.length,
    steps: 0,
    stepsRight: 0,
    accuracy: 0,
    casesAllRight: 0,
    byExpected: {},
    wrong: [],
  };
  for (const c of cases) {
    const userId = `${part}-${c.id}`;
    const tenantId = 'bench-updates';
    let allRight = true;
    for (const [i, step] of c.steps.entries()) {
      const sessionId = `${userId}-s${i}`;
      const id = `bu:${userId}:${i}`;
      const range = [{ seq: 1, role: 'user', text: step.say }];
      await beginExtraction(handle.db, {
        id,
        tenantId,
        sessionId,
        userId,
        agentId: null,
        fromSeq: 1,
        toSeq: 1,
        trigger: 'upload',
        extractor: EXTRACTIVE_VERSION,
        workflowId: `wf-${id}`,
      });
      await completeExtraction(handle.db, {
        id,
        tenantId,
        sessionId,
        scope: scopeOf({ tenantId, userId, sessionId }),
        candidates: extractCandidates(range, options),
        range,
      });
      const events = await handle.db
        .select()
        .from(memoryEvents)
        .where(and(eq(memoryEvents.tenantId, tenantId), eq(memoryEvents.extractionId, id)));
      const last = events.sort((a, b) => a.id.localeCompare(b.id)).at(-1);
      const got = last?.kind ?? 'no candidate';
      const tally = result.byExpected[step.expect] ?? { right: 0, of: 0 };
      result.byExpected[step.expect] = tally;
      tally.of += 1;
      result.steps += 1;
      if (got === step.expect) {
        result.stepsRight += 1;
        tally.right += 1;
      } else {
        allRight = false;
        result.wrong.push({
          case: c.id,
          say: step.say,
          expected: step.expect,
          got,
          reason: last?.reason ?? null,
        });
      }
    }
    if (allRight) result.casesAllRight += 1;
  }
  result.accuracy = round(result.stepsRight / Math.max(1, result.steps), 3);
  return result;
}

/** Update accuracy on the tuned and the held-out part (`options`: the extractor's, e.g. a baseline's). */
export async function updateAccuracy(
  parts: ReadonlyArray<'tuned' | 'heldOut'> = ['tuned', 'heldOut'],
  options: ExtractiveOptions = {},
): Promise<{ tuned?: PartResult; heldOut?: PartResult }> {
  const handle = await openDatabase({ pglite: 'memory' });
  try {
    await handle.migrate();
    return {
      ...(parts.includes('tuned') ? { tuned: await runPart(handle, 'tuned', TUNED, options) } : {}),
      ...(parts.includes('heldOut') ? { heldOut: await runPart(handle, 'held', HELD_OUT, options) } : {}),
    };
  } finally {
    await handle.close();
  }
}

// MOLT_BENCH_UPDATE_PARTS=tuned runs the tuned part only (what rule work looks at).
runAsScript(import.meta.url, () =>
  updateAccuracy(process.env.MOLT_BENCH_UPDATE_PARTS === 'tuned' ? ['tuned'] : ['tuned', 'heldOut']),
);
