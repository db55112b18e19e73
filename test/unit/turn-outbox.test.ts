/**
 * Coalesced turns' pure parts (docs/architecture.md#coalesced-turns): the outbox's signal template
 * round-trips at any seq, and the workflow skips exactly the turns whose seqs it has applied.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signalOfRow, signalTemplateText } from '../../api/ingest/turn-outbox.js';
import { turnAlreadyApplied } from '../../context/session/batch.js';
import type { TurnSignal } from '../../workflows/contract.js';

const turnAt = (fromSeq: number, count: number, usageAt: number | null): TurnSignal => ({
  turnId: `t${fromSeq}`,
  messages: Array.from({ length: count }, (_, i) => ({
    seq: fromSeq + i,
    role: 'user' as const,
    tokens: 3 + i,
  })),
  ...(usageAt !== null && count > 0
    ? { usage: { seq: fromSeq + (usageAt % count), promptTokens: 1_234 } }
    : {}),
  settings: { keepRecentTokens: 500 } as TurnSignal['settings'],
});

describe('the outbox signal template', () => {
  it('gives back the turn signal at the row seqs with the session window, whatever the seqs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.nat()),
        fc.integer({ min: 1_000, max: 10_000_000 }),
        (fromSeq, count, usageAt, window) => {
          const signal = turnAt(fromSeq, count, usageAt);
          const text = signalTemplateText({ ...signal, contextWindowTokens: 1 }, fromSeq);
          // The template knows no seq and no window: the row gives them.
          expect(JSON.parse(text).contextWindowTokens).toBeUndefined();
          expect(signalOfRow(JSON.parse(text), fromSeq, window)).toEqual({
            ...signal,
            contextWindowTokens: window,
          });
        },
      ),
    );
  });
});

describe('turnAlreadyApplied', () => {
  it('skips a turn exactly when it has seqs and all of them are applied', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.integer({ min: 1, max: 100 }), fc.nat(5), (lastSeq, fromSeq, count) => {
        const turn = turnAt(fromSeq, count, null);
        expect(turnAlreadyApplied(lastSeq, turn)).toBe(count > 0 && fromSeq + count - 1 <= lastSeq);
      }),
    );
  });
});
