/**
 * The worker's workflow cache and workflow-thread heap, derived from MOLT_WORKFLOW_CACHE_MB
 * (config/defaults.ts), and the engine's settings without zod (context/session/settings.ts):
 * the same answers as the API's zod schema on every input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/config.js';
import {
  CACHED_WORKFLOW_MB,
  DEFAULT_WORKFLOW_CACHE_MB,
  MIN_CACHED_WORKFLOWS,
  WORKFLOW_THREAD_BASE_MB,
  workflowMemoryPlan,
} from '../../config/defaults.js';
import { sessionDefaults } from '../../context/session/defaults.js';
import { resolveSessionSettings } from '../../context/session/settings.js';
import { sessionSettingsSchema } from '../../context/session/settings-schema.js';

describe('workflowMemoryPlan', () => {
  it('holds what the megabytes hold, never more: cached workflows × their cost ≤ the setting', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        (mb, per) => {
          const plan = workflowMemoryPlan({ cacheMb: mb, perWorkflowMb: per });
          expect(Number.isInteger(plan.cacheSize)).toBe(true);
          expect(plan.cacheSize).toBeGreaterThanOrEqual(MIN_CACHED_WORKFLOWS);
          if (plan.cacheSize > MIN_CACHED_WORKFLOWS) {
            expect(plan.cacheSize * per).toBeLessThanOrEqual(mb + 1e-9);
            // and no smaller than it needs to be
            expect((plan.cacheSize + 1) * per).toBeGreaterThan(mb);
          }
          // the thread's heap has room for the cache twice over on top of its base
          expect(plan.threadHeapMb).toBeGreaterThanOrEqual(
            WORKFLOW_THREAD_BASE_MB + 2 * plan.cacheSize * per,
          );
        },
      ),
    );
  });

  it('grows with the memory given and not with anything else', () => {
    let last = 0;
    for (const mb of [1, 16, 64, 128, 512, 4_096]) {
      const { cacheSize } = workflowMemoryPlan({ cacheMb: mb });
      expect(cacheSize).toBeGreaterThanOrEqual(last);
      last = cacheSize;
    }
    expect(workflowMemoryPlan({ cacheMb: DEFAULT_WORKFLOW_CACHE_MB }).cacheSize).toBe(
      Math.floor(DEFAULT_WORKFLOW_CACHE_MB / CACHED_WORKFLOW_MB),
    );
  });

  it('takes an explicit size instead (0: no cache, 1 raised to the SDK least)', () => {
    expect(workflowMemoryPlan({ cacheMb: 128, size: 0 }).cacheSize).toBe(0);
    expect(workflowMemoryPlan({ cacheMb: 128, size: 0 }).threadHeapMb).toBe(WORKFLOW_THREAD_BASE_MB);
    expect(workflowMemoryPlan({ cacheMb: 128, size: 1 }).cacheSize).toBe(MIN_CACHED_WORKFLOWS);
    expect(workflowMemoryPlan({ cacheMb: 128, size: 5_000 }).cacheSize).toBe(5_000);
  });

  it('refuses what is not a memory or a count', () => {
    expect(() => workflowMemoryPlan({ cacheMb: 0 })).toThrow(RangeError);
    expect(() => workflowMemoryPlan({ cacheMb: Number.NaN })).toThrow(RangeError);
    expect(() => workflowMemoryPlan({ cacheMb: 128, size: -1 })).toThrow(RangeError);
    expect(() => workflowMemoryPlan({ cacheMb: 128, size: 2.5 })).toThrow(RangeError);
    expect(() => workflowMemoryPlan({ cacheMb: 128, perWorkflowMb: 0 })).toThrow(RangeError);
  });
});

describe('MOLT_WORKFLOW_CACHE_MB / MOLT_WORKFLOW_CACHE_SIZE / MOLT_TEMPORAL_METRICS_ADDRESS', () => {
  it('default, parse and refuse with the variable named', () => {
    const config = loadConfig({});
    expect(config.MOLT_WORKFLOW_CACHE_MB).toBe(DEFAULT_WORKFLOW_CACHE_MB);
    expect(config.MOLT_WORKFLOW_CACHE_SIZE).toBeUndefined();
    expect(loadConfig({ MOLT_WORKFLOW_CACHE_MB: '512', MOLT_WORKFLOW_CACHE_SIZE: '0' })).toMatchObject({
      MOLT_WORKFLOW_CACHE_MB: 512,
      MOLT_WORKFLOW_CACHE_SIZE: 0,
    });
    expect(
      loadConfig({ MOLT_TEMPORAL_METRICS_ADDRESS: '127.0.0.1:9464' }).MOLT_TEMPORAL_METRICS_ADDRESS,
    ).toBe('127.0.0.1:9464');
    for (const [name, value] of [
      ['MOLT_WORKFLOW_CACHE_MB', '0'],
      ['MOLT_WORKFLOW_CACHE_MB', 'lots'],
      ['MOLT_WORKFLOW_CACHE_SIZE', '-1'],
      ['MOLT_WORKFLOW_CACHE_SIZE', '1.5'],
      ['MOLT_TEMPORAL_METRICS_ADDRESS', 'http://x:1/metrics'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});

describe('the engine settings without zod', () => {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const number = fc.oneof(
    fc.double({ min: -2, max: 3 }),
    fc.integer({ min: -5, max: 200_000 }),
    fc.constantFrom(0, 1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 1.5),
  );
  const input = fc.record(
    {
      uploadRatio: maybe(number),
      forceRatio: maybe(number),
      keepRecentTokens: maybe(fc.oneof(number, fc.constant(null))),
      breaker: maybe(
        fc.record(
          { maxConsecutiveFailures: maybe(number), cooldownMs: maybe(fc.oneof(number, fc.constant(null))) },
          { requiredKeys: [] },
        ),
      ),
      extra: maybe(fc.string()),
    },
    { requiredKeys: [] },
  );

  it('accepts, fills and refuses exactly as the zod schema does (the same output, key order too)', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const parsed = sessionSettingsSchema.safeParse(raw);
        if (!parsed.success) {
          expect(() => resolveSessionSettings(raw as never, sessionDefaults())).toThrow(
            String(parsed.error.issues[0]!.path.at(-1)),
          );
          return;
        }
        const expected = {
          ...parsed.data,
          forceRatio: Math.max(parsed.data.forceRatio, parsed.data.uploadRatio),
        };
        const resolved = resolveSessionSettings(raw as never, sessionDefaults());
        expect(JSON.stringify(resolved)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 2_000 },
    );
  });
});
