/**
 * The plugin's context while molt is down or hung (integrations/openclaw/src/fallback.ts, kept.ts),
 * as properties over generated transcripts, kept summaries and windows: never over the window,
 * the summary kept whenever it fits, the newest turn whenever it fits beside it, order kept and
 * nothing the summary covers sent again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackContext } from '../../integrations/openclaw/src/fallback.js';
import {
  boundaryIn,
  type KeptContext,
  KeptContexts,
  keptFrom,
} from '../../integrations/openclaw/src/kept.js';
import { type AgentMessageLike, fingerprint, roughTokens } from '../../integrations/openclaw/src/messages.js';

/** Each message's timestamp is its index in the transcript: the properties identify messages by it. */
const turnArb = fc.record({
  user: fc.nat(3_000),
  calls: fc.array(fc.nat(8_000), { maxLength: 3 }),
  answer: fc.nat(2_000),
});

function transcriptOf(turns: { user: number; calls: number[]; answer: number }[]) {
  const messages: AgentMessageLike[] = [];
  const text = (chars: number) => [{ type: 'text', text: `${messages.length}:${'x'.repeat(chars)}` }];
  for (const turn of turns) {
    messages.push({ role: 'user', content: text(turn.user), timestamp: messages.length });
    if (turn.calls.length > 0) {
      const ids = turn.calls.map((_, i) => `call_${messages.length}_${i}`);
      messages.push({
        role: 'assistant',
        content: ids.map((id) => ({ type: 'toolCall', id, name: 'read', arguments: { path: id } })),
        stopReason: 'toolUse',
        timestamp: messages.length,
      });
      turn.calls.forEach((chars, i) => {
        messages.push({
          role: 'toolResult',
          toolCallId: ids[i],
          toolName: 'read',
          content: text(chars),
          isError: false,
          timestamp: messages.length,
        });
      });
    }
    messages.push({
      role: 'assistant',
      content: text(turn.answer),
      stopReason: 'stop',
      timestamp: messages.length,
    });
  }
  return messages;
}

const caseArb = fc.record({
  turns: fc.array(turnArb, { minLength: 1, maxLength: 10 }),
  summaryChars: fc.nat(12_000),
  restoredChars: fc.option(fc.nat(12_000), { nil: undefined }),
  coveredShare: fc.double({ min: 0, max: 1, noNaN: true }),
  window: fc.integer({ min: 200, max: 40_000 }),
});

function keptFor(
  transcript: AgentMessageLike[],
  c: { summaryChars: number; restoredChars: number | undefined; coveredShare: number },
): KeptContext {
  const covered = Math.floor(c.coveredShare * transcript.length);
  const prefix: AgentMessageLike[] = [
    { role: 'compactionSummary', summary: 's'.repeat(c.summaryChars), tokensBefore: 1, timestamp: -1 },
  ];
  if (c.restoredChars !== undefined)
    prefix.push({ role: 'user', content: 'f'.repeat(c.restoredChars), timestamp: -2 });
  return { prefix, covered, anchor: covered > 0 ? fingerprint(transcript[covered - 1]) : null };
}

const tokens = (messages: readonly unknown[]) =>
  messages.reduce<number>((sum, m) => sum + roughTokens([m]), 0);
const stamps = (messages: readonly AgentMessageLike[]) =>
  messages.map((m) => m.timestamp as number).filter((t) => t >= 0);
/** The newest turn: from the last user message to the end. */
function newestTurn(messages: AgentMessageLike[], from = 0): AgentMessageLike[] {
  const last = messages.findLastIndex((m, i) => i >= from && m.role === 'user');
  return messages.slice(last < 0 ? Math.max(from, messages.length - 1) : last);
}

describe('the context while molt is away', () => {
  it('goes on from the kept summary: within the window, summary and newest turn kept when they fit, in order', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const transcript = transcriptOf(c.turns);
        const kept = keptFor(transcript, c);
        const result = fallbackContext({ messages: transcript, kept, window: c.window });
        expect(result.source).toBe('kept-summary');
        expect(tokens(result.messages)).toBeLessThanOrEqual(c.window);
        expect(result.estimatedTokens).toBe(tokens(result.messages));

        const summary = kept.prefix[0]!;
        if (roughTokens([summary]) <= c.window) expect(result.messages[0]).toBe(summary);
        const live = stamps(result.messages);
        // In order, and nothing the summary covers comes back.
        expect(live).toEqual([...live].sort((a, b) => a - b));
        expect(new Set(live).size).toBe(live.length);
        for (const stamp of live) expect(stamp).toBeGreaterThanOrEqual(kept.covered);
        const newest = newestTurn(transcript, kept.covered);
        if (kept.covered < transcript.length && tokens([summary, ...newest]) <= c.window) {
          expect(live).toEqual(expect.arrayContaining(stamps(newest)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("with nothing kept, fits OpenClaw's own messages to the window, newest first", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const transcript = transcriptOf(c.turns);
        const result = fallbackContext({ messages: transcript, kept: undefined, window: c.window });
        expect(result.source).toBe('own-messages');
        expect(tokens(result.messages)).toBeLessThanOrEqual(c.window);
        const live = stamps(result.messages);
        expect(live).toEqual([...live].sort((a, b) => a - b));
        const newest = newestTurn(transcript);
        if (tokens(newest) <= c.window) expect(live).toEqual(expect.arrayContaining(stamps(newest)));
        // Only the oldest messages are left out: what is kept is a suffix of the transcript.
        if (live.length > 0) expect(live.at(-1)).toBe(transcript.length - 1);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps OpenClaw's own compaction summary first, and hands a summary over unfitted without a window", () => {
    const own = { role: 'compactionSummary', summary: 'earlier', tokensBefore: 1, timestamp: -1 };
    const transcript = transcriptOf([{ user: 10, calls: [], answer: 10 }]);
    const fitted = fallbackContext({ messages: [own, ...transcript], kept: undefined, window: 5_000 });
    expect(fitted.messages).toEqual([own, ...transcript]);
    const kept = keptFor(transcript, { summaryChars: 100_000, restoredChars: undefined, coveredShare: 0.5 });
    const unfitted = fallbackContext({ messages: transcript, kept, window: undefined });
    expect(unfitted.messages).toEqual([...kept.prefix, ...transcript.slice(kept.covered)]);
  });
});

describe('where the kept summary ends', () => {
  it("is found again when OpenClaw's transcript moved, and not when the message is gone", () => {
    fc.assert(
      fc.property(
        fc.array(turnArb, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(5),
        (turns, share, shift) => {
          const transcript = transcriptOf(turns);
          const kept = keptFor(transcript, {
            summaryChars: 10,
            restoredChars: undefined,
            coveredShare: share,
          });
          expect(boundaryIn(kept, transcript)).toBe(kept.covered);
          const extra = transcriptOf(
            Array.from({ length: shift }, () => ({ user: 1, calls: [], answer: 1 })),
          );
          const moved = [...extra.map((m) => ({ ...m, timestamp: -10 })), ...transcript];
          // Without an anchor (the summary covered none of OpenClaw's messages) every message is after it.
          const shifted = kept.covered > 0 ? kept.covered + moved.length - transcript.length : 0;
          expect(boundaryIn(kept, moved)).toBe(shifted);
          if (kept.covered > 0) expect(boundaryIn(kept, transcript.slice(kept.covered))).toBeNull();
        },
      ),
    );
  });

  it("is where molt's live messages start, counted from the end of OpenClaw's transcript", () => {
    const transcript = transcriptOf([
      { user: 5, calls: [5], answer: 5 },
      { user: 5, calls: [], answer: 5 },
    ]);
    const context = {
      messages: [
        { role: 'user', content: 'continuation' },
        { role: 'user', content: 'files' },
        ...transcript.slice(4),
      ],
      summary: { text: 'the summary' },
      estimatedTokens: 100,
      boundarySeq: 10,
      lastSeq: 12,
      restored: { files: [{}] },
    };
    const kept = keptFrom(context, [{ role: 'custom' }, ...transcript]);
    expect(kept).toMatchObject({
      prefix: [{ role: 'compactionSummary', summary: 'the summary' }, { content: 'files' }],
      covered: 4,
      anchor: fingerprint(transcript[3]),
    });
    expect(keptFrom({ ...context, summary: null }, transcript)).toBeNull();
  });
});

describe('kept contexts', () => {
  it('stay within their session and byte bounds, least recently used out first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('set', 'get'), fc.nat(9), fc.nat(3_000)), { maxLength: 60 }),
        (ops) => {
          const limits = { sessions: 4, bytes: 6_000 };
          const store = new KeptContexts(limits);
          for (const [op, session, chars] of ops) {
            const id = `s${session}`;
            if (op === 'get') {
              store.get(id);
              continue;
            }
            const kept: KeptContext = {
              prefix: [{ role: 'user', content: 'x'.repeat(chars) }],
              covered: 1,
              anchor: 'a',
            };
            store.set(id, kept);
            expect(store.get(id)).toBe(chars < limits.bytes - 100 ? kept : undefined);
            expect(store.size).toBeLessThanOrEqual(limits.sessions);
            expect(store.bytes).toBeLessThanOrEqual(limits.bytes);
          }
        },
      ),
    );
  });
});
