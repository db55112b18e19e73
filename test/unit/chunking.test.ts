import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chunkMessagesByMaxTokens,
  computeAdaptiveChunkRatio,
  estimateMessagesTokens,
  estimateMessageTokens,
  isOversizedForSummary,
  type Message,
  maxChunkTokens,
  pruneHistoryForContextShare,
  splitMessagesByTokenShare,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, image, toolResult, user } from './factories.js';

/** A user message of about `tokens` tokens (prose: about four chars per token). */
const sized = (tokens: number, label = 'x') =>
  user(
    `${label} ${'the context window fills with tool output '.repeat(Math.ceil(tokens / 10))}`.slice(
      0,
      tokens * 4,
    ),
  );
/** n messages with exactly the same token count, and that count: limits below are multiples of it. */
function uniform(n: number, tokens = 100): { messages: Message[]; t: number } {
  const messages = Array.from({ length: n }, () => sized(tokens));
  return { messages, t: estimateMessageTokens(messages[0] as Message) };
}

describe('splitMessagesByTokenShare', () => {
  it('gives no chunks for no messages', () => {
    expect(splitMessagesByTokenShare([])).toEqual([]);
  });

  it('splits into two parts of about equal tokens by default', () => {
    const messages = [sized(100, 'a'), sized(100, 'b'), sized(100, 'c'), sized(100, 'd')];
    expect(splitMessagesByTokenShare(messages)).toEqual([messages.slice(0, 2), messages.slice(2)]);
  });

  it('never makes more chunks than parts', () => {
    const messages = Array.from({ length: 10 }, (_, i) => sized(10 + i, `m${i}`));
    expect(splitMessagesByTokenShare(messages, 3).length).toBeLessThanOrEqual(3);
  });

  it('returns one chunk for parts of 1 or less', () => {
    const messages = [sized(100), sized(100)];
    expect(splitMessagesByTokenShare(messages, 1)).toEqual([messages]);
    expect(splitMessagesByTokenShare(messages, 0)).toEqual([messages]);
  });

  it('keeps a tool call and its results in one chunk', () => {
    const messages = [
      sized(100, 'a'),
      assistantWithCalls(['exec']),
      toolResult('exec', 'x'.repeat(400)),
      sized(100, 'b'),
    ];
    const chunks = splitMessagesByTokenShare(messages);
    expect(chunks.flat()).toEqual(messages);
    const withCall = chunks.find((chunk) => chunk.includes(messages[1] as Message));
    expect(withCall).toContain(messages[2]);
  });
});

describe('chunkMessagesByMaxTokens', () => {
  it('gives no chunks for no messages', () => {
    expect(chunkMessagesByMaxTokens([], 100)).toEqual([]);
  });

  it('fills chunks greedily under max / 1.2', () => {
    const { messages, t } = uniform(3);
    // With max = 2.4 t, max / 1.2 holds two messages: the third starts a new chunk.
    expect(chunkMessagesByMaxTokens(messages, Math.ceil(2.4 * t))).toEqual([
      messages.slice(0, 2),
      messages.slice(2),
    ]);
  });

  it('puts a message larger than the maximum in a chunk of its own', () => {
    const small = sized(10, 'a');
    const messages = [small, sized(2_000, 'big'), sized(10, 'b')];
    const max = 3 * estimateMessageTokens(small);
    expect(chunkMessagesByMaxTokens(messages, max)).toEqual([[messages[0]], [messages[1]], [messages[2]]]);
  });

  it('never splits a tool call group, even when it is larger than the maximum', () => {
    const group = [
      assistantWithCalls([call('a', {}, { id: '1' }), call('b', {}, { id: '2' })]),
      toolResult('a', 'x'.repeat(400), { id: '1' }),
      user('interjection'),
      toolResult('b', 'y'.repeat(400), { id: '2' }),
    ];
    const messages = [sized(10, 'before'), ...group, sized(10, 'after')];
    const chunks = chunkMessagesByMaxTokens(messages, 50);
    expect(chunks).toContainEqual(group);
    expect(chunks.flat()).toEqual(messages);
  });

  it('measures null messages and malformed blocks as empty instead of throwing', () => {
    const messages = [
      null,
      { role: 'assistant', content: [null, { type: 'text' }] },
      sized(10),
    ] as unknown as Message[];
    expect(chunkMessagesByMaxTokens(messages, 100).flat()).toEqual(messages);
    expect(splitMessagesByTokenShare(messages).flat()).toEqual(messages);
  });

  it('ends a group at the next assistant when a result never comes', () => {
    const messages = [assistantWithCalls(['exec']), sized(100, 'u'), assistant('next')];
    const group = estimateMessagesTokens(messages.slice(0, 2));
    expect(chunkMessagesByMaxTokens(messages, Math.ceil(1.2 * group))).toEqual([
      messages.slice(0, 2),
      [messages[2]],
    ]);
  });
});

describe('computeAdaptiveChunkRatio', () => {
  it('is 0.4 for no messages', () => {
    expect(computeAdaptiveChunkRatio([], 100_000)).toBe(0.4);
  });

  it('is 0.4 while messages average at most 10% of the window', () => {
    expect(computeAdaptiveChunkRatio([sized(8_000)], 100_000)).toBe(0.4);
  });

  it('shrinks by twice the average share for large messages', () => {
    const { messages, t } = uniform(2, 1_000);
    // average t × 1.2 / (10 t) = 0.12 → 0.4 − 0.24 = 0.16
    expect(computeAdaptiveChunkRatio(messages, 10 * t)).toBeCloseTo(0.16, 10);
  });

  it('never goes below 0.15', () => {
    const { messages, t } = uniform(2, 1_000);
    expect(computeAdaptiveChunkRatio(messages, 2 * t)).toBe(0.15);
  });
});

describe('maxChunkTokens', () => {
  it('is the window share minus 4 096 tokens of prompt overhead', () => {
    expect(maxChunkTokens(100_000, 0.4)).toBe(35_904);
  });

  it('is at least 1', () => {
    expect(maxChunkTokens(0, 0.4)).toBe(1);
  });

  it('reserves at most 10% of a small window, so a 4K window still holds chunks of many messages', () => {
    // Before: 1 600 − 4 096 < 1, every message a chunk of its own (24 summarizer calls for 1,266 tokens).
    expect(maxChunkTokens(4_000, 0.4)).toBe(1_200);
    expect(maxChunkTokens(8_000, 0.4)).toBe(2_400);
    expect(maxChunkTokens(1_000, 0.4)).toBe(300);
  });

  it('plans a few chunks, not one per message, for ranges of a 4K window (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4_000, max: 16_000 }),
        fc.array(fc.integer({ min: 20, max: 200 }), { minLength: 10, maxLength: 60 }),
        (window, sizes) => {
          const messages = sizes.map((tokens, i) => sized(tokens, `m${i}`));
          const total = estimateMessagesTokens(messages);
          const ratio = computeAdaptiveChunkRatio(messages, window);
          const chunks = chunkMessagesByMaxTokens(messages, maxChunkTokens(window, ratio));
          // Each chunk may hold at least 30% of the window less its 1.2 margin and one message.
          expect(chunks.length).toBeLessThanOrEqual(Math.ceil(total / (window * 0.2)) + 1);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('isOversizedForSummary', () => {
  it('is true when the message with a 1.2 margin needs more than half the window', () => {
    const { messages, t } = uniform(1, 4_000);
    const message = messages[0] as Message;
    expect(isOversizedForSummary(message, Math.floor(2.4 * t) - 1)).toBe(true);
    expect(isOversizedForSummary(message, Math.ceil(2.4 * t) + 1)).toBe(false);
  });

  it('counts an image at its fixed estimate', () => {
    expect(estimateMessageTokens(user([image()]))).toBeGreaterThan(0);
    expect(isOversizedForSummary(user([image()]), 1_000)).toBe(true);
  });
});

describe('pruneHistoryForContextShare', () => {
  it('keeps everything when history fits the share with the margin', () => {
    const messages = [sized(100), sized(100)];
    const result = pruneHistoryForContextShare({ messages, maxContextTokens: 1_000 });
    expect(result).toMatchObject({
      messages,
      droppedChunks: 0,
      droppedMessages: 0,
      droppedTokens: 0,
      budgetTokens: 500,
    });
    expect(result.keptTokens).toBe(estimateMessagesTokens(messages));
  });

  it('drops the oldest parts until the rest fits', () => {
    const { messages, t } = uniform(8);
    // Budget 3 t: four messages (4.8 t with the margin) are too many, two (2.4 t) fit.
    const result = pruneHistoryForContextShare({ messages, maxContextTokens: 2 * Math.ceil(3 * t) });
    expect(result.droppedMessagesList).toEqual(messages.slice(0, 6));
    expect(result.messages).toEqual(messages.slice(6));
    expect(result).toMatchObject({
      droppedChunks: 2,
      droppedMessages: 6,
      droppedTokens: 6 * t,
      keptTokens: 2 * t,
    });
    expect(result.keptTokens * 1.2).toBeLessThanOrEqual(result.budgetTokens);
  });

  it('counts results orphaned by a drop as dropped', () => {
    const messages = [
      sized(2_000, 'a'),
      assistantWithCalls(['exec']),
      user('displaced'),
      sized(2_000, 'b'),
      assistant('late'),
      toolResult('exec', 'orphan'),
    ];
    // Room for everything but the first message (plus the synthetic result the repair adds).
    const maxContextTokens = 2 * Math.ceil(1.2 * estimateMessagesTokens(messages.slice(1)) + 60);
    const result = pruneHistoryForContextShare({ messages, maxContextTokens });
    expect(result.droppedMessagesList).toEqual([messages[0]]);
    expect(result.droppedMessages).toBe(2);
    expect(result.messages).not.toContain(messages[5]);
  });

  it('gives empty results for no messages', () => {
    expect(pruneHistoryForContextShare({ messages: [], maxContextTokens: 1_000 })).toMatchObject({
      messages: [],
      droppedMessagesList: [],
      keptTokens: 0,
    });
  });
});
