/** rebuildSessionState (context/session/rebuild.ts): the state a lost run is rebuilt to from PostgreSQL. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { LiveMessageMeta } from '../../context/session/live.js';
import { rebuildSessionState } from '../../context/session/rebuild.js';

const metasAfter = (from: number, count: number): LiveMessageMeta[] =>
  Array.from({ length: count }, (_, i) => ({
    seq: from + i + 1,
    role: i % 2 ? 'assistant' : 'user',
    tokens: 10 + i,
  }));

it('keeps the view’s boundary, summary, breaker and counts; live up to its lastSeq; the rest pending', () => {
  fc.assert(
    fc.property(
      fc.nat(500),
      fc.nat(50),
      fc.nat(50),
      fc.nat(20),
      fc.boolean(),
      (boundary, applied, unapplied, attempts, open) => {
        const lastSeq = boundary + applied;
        const view = {
          lastSeq,
          boundarySeq: boundary,
          summary: boundary > 0 ? { compactionId: 'cmp_x', tokens: 120, toSeq: boundary } : null,
          breaker: {
            state: open ? 'open' : 'closed',
            halfOpen: false,
            consecutiveFailures: open ? 3 : 0,
            lastError: open ? 'e' : null,
          },
          compactions: { total: attempts, failed: open ? 3 : 0, degraded: 0 },
        };
        const rebuilt = rebuildSessionState({
          sessionId: 's',
          contextWindowTokens: 10_000,
          settings: { uploadRatio: 0.4, pruning: { mode: 'off' }, agentsMd: 'x' },
          view,
          metas: metasAfter(boundary, applied + unapplied),
          maxAttempt: attempts,
        });
        expect(rebuilt.state.lastSeq).toBe(lastSeq);
        expect(rebuilt.state.boundarySeq).toBe(boundary);
        expect(rebuilt.state.summary).toEqual(view.summary);
        expect(rebuilt.state.breaker.state).toBe(open ? 'open' : 'closed');
        expect(rebuilt.state.breaker.consecutiveFailures).toBe(view.breaker.consecutiveFailures);
        expect(rebuilt.state.compactions).toEqual(view.compactions);
        expect(rebuilt.state.attemptCounter).toBe(attempts);
        expect(rebuilt.state.settings.uploadRatio).toBe(0.4);
        expect(rebuilt.state.live.map((m) => m.seq)).toEqual(metasAfter(boundary, applied).map((m) => m.seq));
        expect(rebuilt.pending.map((m) => m.seq)).toEqual(metasAfter(lastSeq, unapplied).map((m) => m.seq));
      },
    ),
  );
});

it('starts from the defaults when no view was ever persisted, everything stored pending', () => {
  const rebuilt = rebuildSessionState({
    sessionId: 's',
    contextWindowTokens: 5_000,
    settings: { uploadRatio: 7 },
    view: null,
    metas: metasAfter(0, 4),
    maxAttempt: 0,
  });
  expect(rebuilt.state.lastSeq).toBe(0);
  expect(rebuilt.state.summary).toBeNull();
  expect(rebuilt.state.settings.uploadRatio).toBe(0.5);
  expect(rebuilt.pending).toHaveLength(4);
});
