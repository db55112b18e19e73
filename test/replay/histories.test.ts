/**
 * Replays committed histories of real runs against today's workflow code, with no server: an
 * incompatible change (a different sequence of commands) fails here before it breaks running
 * sessions. Record new fixtures with `npm run record-histories`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { installTemporalRuntime } from '../../cli/stack.js';
import { buildWorkflowBundle } from '../../worker/bundle.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
const load = (name: string) => historyFromJSON(JSON.parse(readFileSync(`${FIXTURES}${name}`, 'utf8')));

installTemporalRuntime('ERROR');

describe('recorded workflow histories', () => {
  let current: { code: string };
  let incompatible: { code: string };
  beforeAll(async () => {
    current = await buildWorkflowBundle();
    incompatible = await bundleWorkflowCode({
      workflowsPath: fileURLToPath(new URL('./incompatible/workflows.ts', import.meta.url)),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never,
    });
  });

  it('keeps the message adapters, digests, pruning and token counters out of the workflow bundle', () => {
    // Every workflow the worker instantiates (a new session, a replay after a cache miss) evaluates
    // its imports anew; the context/ barrel drags in the adapters' zod schemas and the rest.
    const modules = new Set([...current.code.matchAll(/"\.\/(context\/[^"]+\.ts)"/g)].map((m) => m[1]!));
    expect(modules).toContain('context/session/index.ts');
    const heavy = [...modules].filter(
      (path) => path === 'context/index.ts' || /^context\/(adapters|digest|pruning|tokens)\//.test(path),
    );
    expect(heavy).toEqual([]);
  });

  it('keeps zod out of the workflow bundle', () => {
    // zod evaluated per workflow was ~80% of what a cached session workflow held on the heap
    // (issue 24: 0.82 MB → 0.16 MB without it, bench/scale-heap.ts).
    const packages = new Set(
      [...current.code.matchAll(/"\.\/node_modules\/((?:@[^/]+\/)?[^/"]+)\//g)].map((m) => m[1]!),
    );
    expect(packages).toContain('@temporalio/workflow');
    expect(packages).not.toContain('zod');
  });

  it('has fixtures to replay', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('%s replays against the current workflow code', async (name) => {
    await expect(Worker.runReplayHistory({ workflowBundle: current }, load(name))).resolves.toBeUndefined();
  });

  it.each(fixtures)('%s fails against an incompatible change', async (name) => {
    await expect(Worker.runReplayHistory({ workflowBundle: incompatible }, load(name))).rejects.toThrow(
      /[Nn]ondetermin|DeterminismViolation/,
    );
  });
});
