/**
 * Properties of the engine's message transforms, checked on generated transcripts that include
 * what real sessions contain: displaced, duplicated and orphaned results, failed turns, reused
 * ids, images, CJK and emoji, huge results and malformed blocks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleContext,
  chunkMessagesByMaxTokens,
  estimateMessageChars,
  extractToolCalls,
  isFailedAssistant,
  type Message,
  MIN_KEEP_CHARS,
  type PruningSettings,
  pruneContextMessages,
  repairToolUseResultPairing,
  resolvePruningSettings,
  splitMessagesByTokenShare,
  toolResultIdOf,
  truncateOversizedToolResults,
  truncateToolResultText,
} from '../../context/index.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const toolNames = fc.constantFrom('exec', 'read', 'shot');

/** Text built from pieces that matter to the rules: line ends, error words, closing braces, CJK, emoji. */
const piece = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('\n', 'error: boom', '}', 'total 3', '上下文过长', '한국어', '😀', 'x'.repeat(500)),
);
const textArb = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));
/** Occasionally very long: tool output that a pruner or truncation must handle. */
const bigText = fc
  .tuple(textArb, fc.integer({ min: 1, max: 400 }))
  .map(([unit, times]) => unit.repeat(times));

const textBlock = textArb.map((text) => ({ type: 'text', text }));
const imageBlock = fc.constant({ type: 'image', data: 'AAAA', mimeType: 'image/png' });
const malformedBlock = fc.constantFrom(null, { type: 'text' }, { type: 'thinking' });

const userArb = fc.oneof(
  textArb.map((content) => ({ role: 'user', content })),
  fc
    .array(fc.oneof(textBlock, imageBlock, malformedBlock), { maxLength: 3 })
    .map((content) => ({ role: 'user', content })),
);
const callBlock = fc.record({
  type: fc.constant('toolCall'),
  id: ids,
  name: toolNames,
  arguments: fc.constant({ q: 1 }),
});
const assistantArb = fc
  .record({
    content: fc.array(fc.oneof(textBlock, callBlock, callBlock, malformedBlock), { maxLength: 4 }),
    stopReason: fc.constantFrom(undefined, 'stop', 'toolUse', 'toolUse', 'error', 'aborted'),
  })
  .map(({ content, stopReason }) =>
    stopReason ? { role: 'assistant', content, stopReason } : { role: 'assistant', content },
  );
const toolResultArb = fc
  .record({
    toolCallId: ids,
    toolName: toolNames,
    content: fc.oneof(
      bigText.map((text) => [{ type: 'text', text }]),
      fc.array(
        fc.oneof(
          textBlock,
          bigText.map((text) => ({ type: 'text', text })),
          imageBlock,
          malformedBlock,
        ),
        {
          maxLength: 3,
        },
      ),
    ),
  })
  .map((fields) => ({ role: 'toolResult', ...fields }));

const transcript = fc.array(fc.oneof(userArb, assistantArb, toolResultArb, toolResultArb), {
  maxLength: 30,
}) as fc.Arbitrary<Message[]>;

/** Every non-failed assistant's distinct call ids are answered, in order, by the messages right after it; no other result exists. */
function expectWellPaired(messages: readonly Message[]) {
  const answered = new Set<number>();
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (message?.role !== 'assistant' || isFailedAssistant(message)) continue;
    const wanted = [...new Set(extractToolCalls(message).map((c) => c.id))];
    wanted.forEach((id, k) => {
      expect(toolResultIdOf(messages[i + 1 + k])).toBe(id);
      answered.add(i + 1 + k);
    });
  }
  messages.forEach((message, i) => {
    if (message?.role === 'toolResult') expect(answered.has(i)).toBe(true);
  });
}

describe('pairing repair properties', () => {
  it('leaves every call with exactly one result right after it, and no orphan or duplicate', () => {
    fc.assert(
      fc.property(transcript, (messages) => expectWellPaired(repairToolUseResultPairing(messages).messages)),
    );
  });

  it('keeps user and assistant messages, in order', () => {
    fc.assert(
      fc.property(transcript, (messages) => {
        const notResults = (list: readonly Message[]) => list.filter((m) => m?.role !== 'toolResult');
        expect(notResults(repairToolUseResultPairing(messages).messages)).toEqual(notResults(messages));
      }),
    );
  });

  it('returns the same array when repairing a repaired transcript', () => {
    fc.assert(
      fc.property(transcript, (messages) => {
        const once = repairToolUseResultPairing(messages).messages;
        expect(repairToolUseResultPairing(once).messages).toBe(once);
      }),
    );
  });
});

const settingsArb = fc
  .record({
    keepLastAssistants: fc.integer({ min: 0, max: 4 }),
    softTrimRatio: fc.double({ min: 0, max: 1, noNaN: true }),
    hardClearRatio: fc.double({ min: 0, max: 1, noNaN: true }),
    minPrunableToolChars: fc.integer({ min: 0, max: 60_000 }),
    softTrim: fc.record({
      maxChars: fc.integer({ min: 0, max: 6_000 }),
      headChars: fc.integer({ min: 0, max: 3_000 }),
      tailChars: fc.integer({ min: 0, max: 3_000 }),
    }),
  })
  .map((config) => resolvePruningSettings(config) as PruningSettings);

function cutoffOf(messages: readonly Message[], keep: number): number | null {
  if (keep <= 0) return messages.length;
  let remaining = keep;
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i]?.role === 'assistant' && --remaining === 0) return i;
  return null;
}

describe('pruning properties', () => {
  it('never changes user or assistant messages, anything at or after the cutoff or before the first user, or image results, and never makes anything larger', () => {
    fc.assert(
      fc.property(
        transcript,
        settingsArb,
        fc.integer({ min: 1, max: 40_000 }),
        (messages, settings, window) => {
          const pruned = pruneContextMessages({ messages, settings, contextWindowTokens: window });
          expect(pruned.length).toBe(messages.length);
          const cutoff = cutoffOf(messages, settings.keepLastAssistants);
          if (cutoff === null) {
            expect(pruned).toBe(messages);
            return;
          }
          const firstUser = messages.findIndex((m) => m?.role === 'user');
          messages.forEach((message, i) => {
            const hasImage =
              Array.isArray(message?.content) && message.content.some((b) => b?.type === 'image');
            if (
              message?.role !== 'toolResult' ||
              i >= cutoff ||
              firstUser === -1 ||
              i < firstUser ||
              hasImage
            ) {
              expect(pruned[i]).toBe(message);
            }
            expect(estimateMessageChars(pruned[i] as Message)).toBeLessThanOrEqual(
              estimateMessageChars(message),
            );
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('truncation properties', () => {
  it('keeps the head and at least 2 000 chars, never grows the text and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(bigText, fc.integer({ min: 0, max: 30_000 }), (text, maxChars) => {
        const out = truncateToolResultText(text, maxChars);
        if (text.length <= maxChars) {
          expect(out).toBe(text);
          return;
        }
        expect(out.startsWith(text.slice(0, Math.min(MIN_KEEP_CHARS, text.length)))).toBe(true);
        expect(out.length).toBeLessThanOrEqual(text.length);
        if (!LONE_SURROGATE.test(text)) expect(out).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  it('only shrinks tool results and keeps every other message as it was', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 20_000 }), (messages, window) => {
        const { messages: out, truncatedCount } = truncateOversizedToolResults(messages, window);
        let changed = 0;
        messages.forEach((message, i) => {
          if (out[i] !== message) changed++;
          if (message?.role !== 'toolResult') expect(out[i]).toBe(message);
          expect(estimateMessageChars(out[i] as Message)).toBeLessThanOrEqual(estimateMessageChars(message));
        });
        expect(changed).toBe(truncatedCount);
        if (truncatedCount === 0) expect(out).toBe(messages);
      }),
    );
  });
});

/** For each non-failed assistant, the index of the first result of each of its calls before the next assistant. */
function firstResultIndexes(messages: readonly Message[]): [number, number][] {
  const pairs: [number, number][] = [];
  messages.forEach((message, i) => {
    if (message?.role !== 'assistant' || isFailedAssistant(message)) return;
    const pending = new Set(extractToolCalls(message).map((c) => c.id));
    for (let j = i + 1; j < messages.length && pending.size > 0 && messages[j]?.role !== 'assistant'; j++) {
      const id = toolResultIdOf(messages[j]);
      if (id !== undefined && pending.delete(id)) pairs.push([i, j]);
    }
  });
  return pairs;
}

function expectPartition(chunks: Message[][], messages: readonly Message[]) {
  expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
  const flat = chunks.flat();
  expect(flat.length).toBe(messages.length);
  flat.forEach((message, i) => {
    expect(message).toBe(messages[i]);
  });
  const chunkOf: number[] = chunks.flatMap((chunk, c) => chunk.map(() => c));
  for (const [call, result] of firstResultIndexes(messages)) expect(chunkOf[result]).toBe(chunkOf[call]);
}

describe('chunking properties', () => {
  it('splits by token share into at most `parts` chunks that partition the input in order without splitting a tool group', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 5 }), (messages, parts) => {
        const chunks = splitMessagesByTokenShare(messages, parts);
        expect(chunks.length).toBeLessThanOrEqual(parts);
        expectPartition(chunks, messages);
      }),
    );
  });

  it('chunks by max tokens into a partition of the input in order without splitting a tool group', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 5_000 }), (messages, maxTokens) => {
        expectPartition(chunkMessagesByMaxTokens(messages, maxTokens), messages);
      }),
    );
  });
});

describe('assemble properties', () => {
  it('always returns a well-paired context', () => {
    fc.assert(
      fc.property(
        transcript,
        fc.integer({ min: 1, max: 40_000 }),
        fc.option(fc.integer({ min: 0, max: 5 })),
        (messages, window, historyLimit) => {
          const assembled = assembleContext({
            messages,
            contextWindowTokens: window,
            historyLimit,
            now: 1_000,
          });
          expectWellPaired(assembled.messages);
        },
      ),
    );
  });
});
