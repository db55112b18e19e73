/**
 * The console's two server-side rules: when a replay can act (it mirrors the session workflow's
 * own plan, context/session/plans.ts), and the Temporal UI link of a workflow run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { temporalUiLink } from '../../api/control/history.js';
import { loadConfig } from '../../cli/config.js';
import { COMPACTION_STATUSES, REPLAYABLE_STATUSES, replayCanAct } from '../../context/compaction-rules.js';

describe('replayCanAct', () => {
  it('offers a replay only for a failed, degraded or cancelled compaction', () => {
    for (const status of COMPACTION_STATUSES) {
      const can = replayCanAct({ id: 'c1', status, toSeq: 40 }, { boundarySeq: 0, summary: null });
      expect(can, status).toBe(REPLAYABLE_STATUSES.has(status));
    }
  });

  it('refuses one whose range a newer summary covers, and allows one still in force or partly live', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.constantFrom('failed' as const, 'degraded' as const, 'cancelled' as const),
        (toSeq, boundarySeq, inForce, status) => {
          const can = replayCanAct(
            { id: 'c1', status, toSeq },
            { boundarySeq, summary: { compactionId: inForce ? 'c1' : 'c2' } },
          );
          expect(can).toBe(inForce || boundarySeq < toSeq);
        },
      ),
    );
  });
});

describe('temporalUiLink', () => {
  it('is null without a configured UI', () => {
    expect(temporalUiLink(undefined, 'default', 'wf', 'run')).toBeNull();
  });

  it('encodes the workflow id, whatever it holds, and drops trailing slashes of the base', () => {
    fc.assert(
      fc.property(
        // A segment of dots alone is a path step to any URL parser; molt's ids are never that.
        fc.string({ minLength: 1, maxLength: 80 }).filter((id) => !/^\.+$/.test(id)),
        fc.uuid(),
        (workflowId, runId) => {
          const link = temporalUiLink('http://ui.test:8233//', 'my ns', workflowId, runId);
          expect(link).toBe(
            `http://ui.test:8233/namespaces/my%20ns/workflows/${encodeURIComponent(workflowId)}/${runId}/history`,
          );
          const url = new URL(link as string);
          expect(url.origin).toBe('http://ui.test:8233');
          expect(decodeURIComponent(url.pathname.split('/')[4] ?? '')).toBe(workflowId);
        },
      ),
    );
  });
});

describe('MOLT_TEMPORAL_UI_URL', () => {
  it('is unset by default, takes an http(s) URL, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).MOLT_TEMPORAL_UI_URL).toBeUndefined();
    expect(loadConfig({ MOLT_TEMPORAL_UI_URL: '' }).MOLT_TEMPORAL_UI_URL).toBeUndefined();
    expect(loadConfig({ MOLT_TEMPORAL_UI_URL: 'https://temporal.example.com/ui' }).MOLT_TEMPORAL_UI_URL).toBe(
      'https://temporal.example.com/ui',
    );
    for (const bad of ['javascript:alert(1)', 'temporal:8233', 'not a url']) {
      expect(() => loadConfig({ MOLT_TEMPORAL_UI_URL: bad }), bad).toThrow(/MOLT_TEMPORAL_UI_URL/);
    }
  });
});
