/**
 * Defaults that cannot change a replay (issue 29): a release that changes a default the session
 * workflow decides with — the 50%/70% thresholds, the kept tail, the breaker's limit, the idle
 * time before a memory extraction — must not change what a recorded run decides when it is
 * replayed. Replay alone compares only the kinds and order of commands, so a changed 70% passed
 * every history while the replayed session carried a boundary its original run never had. Here
 * each recorded history is replayed against a bundle whose defaults are changed, and what the
 * workflow code asks for (every activity's, child's, timer's and continue-as-new's input) must be
 * what it asks for with today's defaults — and, for children, what the original run recorded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { bundleWorkflowCode, type InjectedSinks, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { installTemporalRuntime } from '../../cli/stack.js';
import { WORKFLOWS_PATH } from '../../worker/bundle.js';
import type { DecisionSinks } from './defaults/decisions-interceptor.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/histories/', import.meta.url));
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
const json = (name: string) => JSON.parse(readFileSync(`${FIXTURES}${name}`, 'utf8'));
const INTERCEPTOR = fileURLToPath(new URL('./defaults/decisions-interceptor.ts', import.meta.url));
const LOADER = fileURLToPath(new URL('./defaults/change-defaults-loader.cjs', import.meta.url));

/** Every default a workflow decision depends on, changed as a release might change it. */
const CHANGED_DEFAULTS = {
  DEFAULT_UPLOAD_RATIO: '0.6',
  DEFAULT_FORCE_RATIO: '0.8',
  DEFAULT_KEEP_RECENT_TOKENS_CAP: '8_000',
  DEFAULT_KEEP_RECENT_WINDOW_SHARE: '0.3',
  DEFAULT_MAX_CONSECUTIVE_FAILURES: '5',
  DEFAULT_BREAKER_COOLDOWN_MS: '10 * 60_000',
  DEFAULT_MEMORY_IDLE_MS: '60_000',
};

/** The control: the era's values themselves changed, which must show (the harness can fail). */
const CHANGED_ERA = {
  PRE_CARRIED_SESSION_DEFAULTS:
    'Object.freeze({ uploadRatio: 0.6, forceRatio: 0.8, keepRecentTokensCap: 8_000, keepRecentWindowShare: 0.3, maxConsecutiveFailures: 5, breakerCooldownMs: 10 * 60_000 })',
  PRE_CARRIED_MEMORY_IDLE_MS: '60_000',
};

installTemporalRuntime('ERROR');

function bundle(changes: Record<string, string>) {
  return bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [INTERCEPTOR],
    webpackConfigHook: (config) => {
      config.module?.rules?.push({
        test: /\.ts$/,
        exclude: /node_modules/,
        enforce: 'pre',
        use: [{ loader: LOADER, options: { changes } }],
      });
      return config;
    },
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} } as never,
  });
}

type Decision = { kind: string; value: unknown };

async function decisionsOf(workflowBundle: { code: string }, name: string): Promise<Decision[]> {
  const log: Decision[] = [];
  const sinks: InjectedSinks<DecisionSinks> = {
    decisions: {
      record: {
        fn: (_info, kind, value) => {
          log.push({ kind, value: JSON.parse(JSON.stringify(value)) });
        },
        callDuringReplay: true,
      },
    },
  };
  // The recorded run's own workflow id (its children name it as their parent), as it ran.
  const parent = (recordedChildren(name)[0] as { parentWorkflowId?: string } | undefined)?.parentWorkflowId;
  await Worker.runReplayHistory({ workflowBundle, sinks }, historyFromJSON(json(name)), parent ?? undefined);
  return log;
}

/** The children's inputs the original run recorded (json/plain payloads). */
function recordedChildren(name: string): unknown[] {
  type Initiated = { input: { payloads: Array<{ data: string }> } };
  const events = json(name).events as Array<{
    startChildWorkflowExecutionInitiatedEventAttributes?: Initiated;
  }>;
  return events.flatMap((event) => {
    const attributes = event.startChildWorkflowExecutionInitiatedEventAttributes;
    if (!attributes) return [];
    return [JSON.parse(Buffer.from(attributes.input.payloads[0]!.data, 'base64').toString('utf8'))];
  });
}

describe('defaults a recorded run decided with', () => {
  let today: { code: string };
  let changed: { code: string };
  let era: { code: string };
  beforeAll(async () => {
    today = await bundle({});
    era = await bundle(CHANGED_ERA);
    (globalThis as { __moltChangedDefaults?: Set<string> }).__moltChangedDefaults = new Set();
    changed = await bundle(CHANGED_DEFAULTS);
  }, 180_000);

  it('changes every default the bundle holds (one it no longer holds cannot change a replay)', () => {
    const reached =
      (globalThis as { __moltChangedDefaults?: Set<string> }).__moltChangedDefaults ?? new Set();
    for (const name of Object.keys(CHANGED_DEFAULTS)) {
      expect(reached.has(name) || !today.code.includes(name), name).toBe(true);
    }
    // The thresholds, the kept tail and the breaker's limit are in the bundle: the test changed them.
    expect([...reached]).toEqual(expect.arrayContaining(['DEFAULT_UPLOAD_RATIO', 'DEFAULT_FORCE_RATIO']));
  });

  it.each(fixtures)('%s replays to the same decisions after the defaults changed', async (name) => {
    const before = await decisionsOf(today, name);
    expect(before.length).toBeGreaterThan(0);
    const after = await decisionsOf(changed, name);
    expect(after).toEqual(before);
    const children = before
      .filter((d) => d.kind === 'child')
      .map((d) => (d.value as { args: unknown[] }).args[0]);
    expect(children).toEqual(recordedChildren(name));
  });

  it("tells a change of the values recorded runs decided with (the era's) from none", async () => {
    const differing: string[] = [];
    for (const name of fixtures.filter((f) => f.startsWith('session-'))) {
      const before = await decisionsOf(today, name);
      const after = await decisionsOf(era, name).catch(() => null);
      if (after === null || JSON.stringify(after) !== JSON.stringify(before)) differing.push(name);
    }
    expect(differing).toEqual(fixtures.filter((f) => f.startsWith('session-')));
  });
});
