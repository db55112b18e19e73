/**
 * What one cached session workflow holds (issue 24): a worker in this process with the SDK's
 * `debugMode` (the workflows' V8 context in the main thread, so this process's heap is theirs),
 * N sessions given one turn each through the API, and two heap snapshots — before the sessions and
 * with all N cached — compared by constructor and by the script that allocated them. The figure
 * is heap bytes per cached workflow; RSS per workflow of a real worker (its own thread) is what
 * `bench/scale.bench.ts` measures.
 *
 * Run: `node --expose-gc --import tsx bench/scale-heap.ts [sessions]` (default 200). Prints one
 * JSON object: heap per workflow, and the largest growths by node name.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../activities/index.js';
import { buildWorkflowBundle } from '../worker/bundle.js';
import { benchClient, postTurn } from './measure.js';
import { log, round, runAsScript, withBenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

const SESSIONS = Number(process.argv[2] ?? 200);
const MB = 1024 * 1024;

function gcNow(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size by "type:name" over every node of a heap snapshot. */
function bytesByName(path: string): Map<string, { bytes: number; count: number }> {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    let name = type === 'object' || type === 'closure' ? data.strings[data.nodes[i + nameAt]!]! : '';
    if (name.length > 60) name = `${name.slice(0, 60)}…`;
    const key = `${type}:${name}`;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += data.nodes[i + sizeAt]!;
    entry.count += 1;
    out.set(key, entry);
  }
  return out;
}

export async function run(): Promise<object> {
  return withBenchStack({ timeoutMs: 20 * 60_000 }, async (stack) => {
    const taskQueue = 'molt-heap-probe';
    const connection = await NativeConnection.connect({ address: stack.address });
    const worker = await Worker.create({
      connection,
      namespace: stack.namespace,
      taskQueue,
      workflowBundle: await buildWorkflowBundle(),
      activities: createActivities({ db: stack.database.db }),
      debugMode: true,
      maxCachedWorkflows: SESSIONS + 50,
    });
    const running = worker.run();
    const api = await stack.startApi({ taskQueue });
    const molt = benchClient(api.url);
    const generator = new TurnGenerator(7);
    const post = async (sessionId: string) => {
      const response = await postTurn(molt, sessionId, {
        turnId: 't1',
        messages: generator.smallTurn(1) as never,
        contextWindowTokens: 200_000,
      });
      if (response.status !== 202) throw new Error(`turn answered ${response.status}`);
    };
    const until = async (count: number) => {
      const deadline = Date.now() + 600_000;
      while (worker.getStatus().numCachedWorkflows < count) {
        if (Date.now() > deadline) throw new Error('workflows not cached in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // let in-flight activations settle
      while (worker.getStatus().numInFlightWorkflowActivations > 0)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    };
    // Warm: a few sessions so the bundle, the SDK and the pools are loaded before the first snapshot.
    for (let i = 0; i < 5; i++) await post(`warm-${i}`);
    await until(5);
    gcNow();
    const dir = tmpdir();
    const before = writeHeapSnapshot(join(dir, `molt-heap-before-${process.pid}.heapsnapshot`));
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < SESSIONS; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, SESSIONS - i) }, (_, j) => post(`probe-${i + j}`)));
    }
    await until(SESSIONS + 5);
    gcNow();
    const heapAfter = process.memoryUsage().heapUsed;
    const after = writeHeapSnapshot(join(dir, `molt-heap-after-${process.pid}.heapsnapshot`));
    log(`snapshots written; comparing`);
    const a = bytesByName(before);
    const b = bytesByName(after);
    rmSync(before);
    rmSync(after);
    const growth = [...b.entries()]
      .map(([name, entry]) => ({
        name,
        kbPerWorkflow: round((entry.bytes - (a.get(name)?.bytes ?? 0)) / 1024 / SESSIONS, 2),
        countPerWorkflow: round((entry.count - (a.get(name)?.count ?? 0)) / SESSIONS, 1),
      }))
      .sort((x, y) => y.kbPerWorkflow - x.kbPerWorkflow)
      .slice(0, 40);
    worker.shutdown();
    await running;
    await connection.close();
    return {
      sessions: SESSIONS,
      heapUsedBeforeMb: round(heapBefore / MB),
      heapUsedAfterMb: round(heapAfter / MB),
      heapMbPerWorkflow: round((heapAfter - heapBefore) / MB / SESSIONS, 3),
      growth,
    };
  });
}

runAsScript(import.meta.url, run);
