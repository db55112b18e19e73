import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleContext,
  createTokenCounter,
  estimateMessagesTokens,
  type Message,
  type PruningSettings,
  resolvePruningSettings,
  TRUNCATION_SUFFIX,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, lines, textOf, toolResult, user } from './factories.js';

const now = 10_000_000;
const warm = now - 1_000;
const summary = user('[summary] the session so far');

/** Prose: about four chars per token, so the pruner's char ratio and the token ratio agree. */
const prose = (chars: number) =>
  'the context window fills with tool output '.repeat(Math.ceil(chars / 42)).slice(0, chars);

/** A session whose old exec results fill a small window: pruning has work to do. */
function heavySession(): Message[] {
  return Array.from({ length: 6 }, (_, i) => [
    user(`step ${i}`),
    assistantWithCalls([call('exec', {}, { id: `c${i}` })]),
    toolResult('exec', prose(10_000), { id: `c${i}` }),
    assistant(`did ${i}`),
  ]).flat();
}
/** Its tokens: windows below are chosen relative to them, whatever the estimator. */
const heavyTokens = estimateMessagesTokens(heavySession());

describe('assembleContext', () => {
  it('returns the messages as they are when nothing needs doing', () => {
    const messages = [user('hi'), assistant('hello')];
    const assembled = assembleContext({
      messages,
      contextWindowTokens: 100_000,
      now,
      lastCacheTouchAt: warm,
    });
    expect(assembled.messages).toBe(messages);
    expect(assembled).toMatchObject({
      pruned: { softTrimmed: 0, hardCleared: 0 },
      truncated: 0,
      pruneApplied: false,
    });
    expect(assembled.estimatedTokens).toBe(estimateMessagesTokens(messages));
  });

  it('assembles an empty session', () => {
    const assembled = assembleContext({ messages: [], contextWindowTokens: 100_000, now });
    expect(assembled.messages).toEqual([]);
    expect(assembled.estimatedTokens).toBe(0);
  });

  it('keeps the prefix first and counts it', () => {
    const messages = [user('hi')];
    const assembled = assembleContext({
      messages,
      prefix: [summary],
      contextWindowTokens: 100_000,
      now,
      lastCacheTouchAt: warm,
    });
    expect(assembled.messages).toEqual([summary, user('hi')]);
    expect(assembled.estimatedTokens).toBe(estimateMessagesTokens([summary, user('hi')]));
  });

  it('repairs the pairing before anything else', () => {
    const assembled = assembleContext({
      messages: [
        assistantWithCalls(['exec']),
        user('interrupt'),
        toolResult('exec', 'late'),
        toolResult('ghost', 'x'),
      ],
      contextWindowTokens: 100_000,
      now,
    });
    expect(assembled.messages.map((m) => m.role)).toEqual(['assistant', 'toolResult', 'user']);
    expect(assembled.repair).toEqual({
      added: 0,
      droppedDuplicateCount: 0,
      droppedOrphanCount: 1,
      moved: true,
    });
  });

  it('keeps only the last historyLimit user turns', () => {
    const messages = [user('one'), assistant('a'), user('two'), assistant('b')];
    const assembled = assembleContext({ messages, historyLimit: 1, contextWindowTokens: 100_000, now });
    expect(assembled.messages).toEqual([user('two'), assistant('b')]);
  });

  it('prunes when the cache has expired and reports what it pruned', () => {
    const assembled = assembleContext({
      messages: heavySession(),
      contextWindowTokens: 30_000,
      now,
      lastCacheTouchAt: now - 400_000,
    });
    expect(assembled.pruneApplied).toBe(true);
    expect(assembled.pruneReason).toBe('cache-expired');
    expect(assembled.pruned.softTrimmed).toBeGreaterThan(0);
    expect(assembled.estimatedTokens).toBe(estimateMessagesTokens(assembled.messages));
  });

  it('prunes on the first call, when no cache touch is known (molt)', () => {
    const assembled = assembleContext({ messages: heavySession(), contextWindowTokens: 30_000, now });
    expect(assembled.pruneReason).toBe('cache-unknown');
    expect(assembled.pruned.softTrimmed).toBeGreaterThan(0);
  });

  it('does not prune while the cache is warm and the window has room', () => {
    const messages = heavySession();
    expect(heavyTokens / 30_000).toBeLessThan(0.8);
    const assembled = assembleContext({ messages, contextWindowTokens: 30_000, now, lastCacheTouchAt: warm });
    expect(assembled).toMatchObject({
      pruneApplied: false,
      pruneReason: 'cache-warm',
      pruned: { softTrimmed: 0, hardCleared: 0 },
    });
    expect(assembled.messages).toBe(messages);
  });

  it('prunes a warm session anyway once the window is forcePruneRatio full (molt)', () => {
    const assembled = assembleContext({
      messages: heavySession(),
      contextWindowTokens: Math.floor(heavyTokens / 0.85),
      now,
      lastCacheTouchAt: warm,
    });
    expect(assembled.pruneReason).toBe('force-ratio');
    expect(assembled.pruneApplied).toBe(true);
  });

  it('counts reserved tokens (system prompt, tool schemas) towards the force ratio', () => {
    const params = { messages: heavySession(), contextWindowTokens: 30_000, now, lastCacheTouchAt: warm };
    expect(assembleContext(params).pruneReason).toBe('cache-warm');
    const reservedTokens = Math.ceil(0.8 * 30_000 - heavyTokens);
    expect(assembleContext({ ...params, reservedTokens }).pruneReason).toBe('force-ratio');
  });

  it('never prunes when pruning is off', () => {
    const assembled = assembleContext({
      messages: heavySession(),
      contextWindowTokens: 18_000,
      now,
      pruning: null,
    });
    expect(assembled).toMatchObject({ pruneApplied: false, pruneReason: 'off' });
  });

  it('uses the pruning settings given', () => {
    const settings = { ...(resolvePruningSettings() as PruningSettings), keepLastAssistants: 100 };
    const assembled = assembleContext({
      messages: heavySession(),
      contextWindowTokens: 30_000,
      now,
      pruning: settings,
    });
    expect(assembled.pruneApplied).toBe(true);
    expect(assembled.pruned).toEqual({ softTrimmed: 0, hardCleared: 0 });
  });

  it('never prunes the prefix', () => {
    const bigSummary = user(lines(40_000));
    const assembled = assembleContext({
      messages: heavySession(),
      prefix: [bigSummary],
      contextWindowTokens: 30_000,
      now,
    });
    expect(assembled.messages[0]).toBe(bigSummary);
  });

  it('counts with the token counter given', () => {
    const messages = [user('hello there'), assistant('hi')];
    const counter = createTokenCounter({ mode: 'exact', countTokens: (value) => value.length });
    const assembled = assembleContext({ messages, contextWindowTokens: 100_000, now, tokenCounter: counter });
    expect(assembled.estimatedTokens).toBe(counter.messagesTokens(messages));
  });

  it('uses known token counts for the messages it leaves unchanged and counts the rest', () => {
    const messages = [
      user('go'),
      assistantWithCalls(['exec']),
      toolResult('exec', lines(100_000)),
      assistant('ok'),
    ];
    const known = new Map<Message, number>(messages.map((message) => [message, 1_000]));
    const assembled = assembleContext({
      messages,
      contextWindowTokens: 20_000,
      now,
      pruning: null,
      knownTokens: (message) => known.get(message),
    });
    expect(assembled.truncated).toBe(1);
    expect(assembled.estimatedTokens).toBe(
      3_000 + estimateMessagesTokens([assembled.messages[2] as Message]),
    );
  });

  it('truncates an oversized tool result even when the cache is warm', () => {
    const messages = [
      user('go'),
      assistantWithCalls(['exec']),
      toolResult('exec', lines(100_000)),
      assistant('ok'),
    ];
    const assembled = assembleContext({
      messages,
      contextWindowTokens: 20_000,
      now,
      lastCacheTouchAt: warm,
      pruning: null,
    });
    expect(assembled.truncated).toBe(1);
    expect(textOf(assembled.messages[2]).endsWith(TRUNCATION_SUFFIX)).toBe(true);
    expect(assembled.estimatedTokens).toBe(estimateMessagesTokens(assembled.messages));
  });
});

describe('never more than the window (issue 32)', () => {
  const turns = (n: number, chars: number) =>
    Array.from({ length: n }, (_, i) => [
      user(`ask ${i} ${prose(chars)}`),
      assistant(`answer ${i} ${prose(chars)}`),
    ]).flat();

  it('leaves out the oldest turns when pruning and truncation leave the context over the window, and says so', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 40, max: 1_500 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 2_000, max: 8_000 }),
        (n, chars, summaryChars, window) => {
          const messages = turns(n, chars);
          const prefix = [user(`[summary] ${prose(summaryChars)}`)];
          const assembled = assembleContext({
            messages,
            prefix,
            contextWindowTokens: window,
            now,
            lastCacheTouchAt: warm,
          });
          const whole = estimateMessagesTokens([...prefix, ...messages]);
          if (!assembled.fitted.overWindow) expect(assembled.estimatedTokens).toBeLessThanOrEqual(window);
          // Only a turn bigger than the window by itself can stay over it.
          if (assembled.fitted.overWindow) {
            expect(assembled.messages[1]?.role).toBe('user');
            expect(assembled.messages.length).toBeLessThanOrEqual(3);
          }
          if (whole <= window) expect(assembled.fitted.droppedMessages).toBe(0);
          else expect(assembled.fitted.droppedMessages).toBeGreaterThan(0);
          // The summary is always first; the newest message is always kept.
          expect(assembled.messages[0]).toBe(prefix[0]);
          expect(assembled.messages.at(-1)).toBe(messages.at(-1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
