import { describe, expect, it } from 'vitest';
import {
  calculateAggregateToolResultChars,
  calculateMaxToolResultChars,
  estimateStringChars,
  findOversizedToolResults,
  type Message,
  MIDDLE_OMISSION_MARKER,
  MIN_KEEP_CHARS,
  TRUNCATION_SUFFIX,
  truncateOversizedToolResults,
  truncateToolResultText,
} from '../../context/index.js';
import {
  assistant,
  assistantWithCalls,
  call,
  image,
  lines,
  text,
  textOf,
  toolResult,
  user,
} from './factories.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('calculateMaxToolResultChars', () => {
  it('allows 30% of the window at four chars per token', () => {
    expect(calculateMaxToolResultChars(10_000)).toBe(12_000);
    expect(calculateMaxToolResultChars(200_000)).toBe(240_000);
  });

  it('caps one result at 400 000 chars', () => {
    expect(calculateMaxToolResultChars(2_000_000)).toBe(400_000);
  });

  it('allows nothing without a window', () => {
    expect(calculateMaxToolResultChars(0)).toBe(0);
    expect(calculateMaxToolResultChars(Number.NaN)).toBe(0);
  });
});

describe('calculateAggregateToolResultChars', () => {
  it('allows all results together half the window at four chars per token', () => {
    expect(calculateAggregateToolResultChars(200_000)).toBe(400_000);
  });
});

describe('truncateToolResultText', () => {
  it('returns text that is not longer than maxChars unchanged', () => {
    const short = lines(5_000);
    expect(truncateToolResultText(short, 5_000)).toBe(short);
  });

  it('keeps the head and appends a note asking for smaller reads', () => {
    const long = lines(50_000);
    const out = truncateToolResultText(long, 10_000);
    expect(out.endsWith(TRUNCATION_SUFFIX)).toBe(true);
    expect(TRUNCATION_SUFFIX).toContain(
      "⚠️ [Content truncated — original was too large for the model's context window.",
    );
    expect(TRUNCATION_SUFFIX).toContain('offset/limit');
    const head = out.slice(0, -TRUNCATION_SUFFIX.length);
    expect(long.startsWith(head)).toBe(true);
    expect(out.length).toBeLessThanOrEqual(10_000);
  });

  it('cuts the head at the last line end when one is within the last 20%', () => {
    const long = lines(50_000);
    const head = truncateToolResultText(long, 10_000).slice(0, -TRUNCATION_SUFFIX.length);
    expect(long[head.length]).toBe('\n');
  });

  it('keeps at least 2 000 chars even for a tiny maxChars', () => {
    const long = 'x'.repeat(10_000);
    const out = truncateToolResultText(long, 100);
    expect(out).toBe('x'.repeat(MIN_KEEP_CHARS) + TRUNCATION_SUFFIX);
  });

  it('never moves the cut to a line end below the 2 000 kept chars (molt)', () => {
    const long = `${'x'.repeat(1_700)}\n${'y'.repeat(10_000)}`;
    const head = truncateToolResultText(long, 100).slice(0, -TRUNCATION_SUFFIX.length);
    expect(head.length).toBe(MIN_KEEP_CHARS);
  });

  it('returns the text unchanged when truncating would not shorten it', () => {
    const text2100 = 'x'.repeat(2_100);
    expect(truncateToolResultText(text2100, 1_000)).toBe(text2100);
  });

  it('keeps the tail too when it reports an error', () => {
    const long = `${lines(50_000)}\nTraceback (most recent call last): boom`;
    const out = truncateToolResultText(long, 10_000);
    expect(out).toContain(MIDDLE_OMISSION_MARKER);
    expect(out.endsWith(`Traceback (most recent call last): boom${TRUNCATION_SUFFIX}`)).toBe(true);
    expect(out.length).toBeLessThanOrEqual(10_000);
  });

  it('keeps the tail of JSON that closes with a brace', () => {
    const json = `{"items": [${'1,'.repeat(20_000)}1], "end": true}`;
    expect(truncateToolResultText(json, 10_000)).toContain('"end": true}');
  });

  it('keeps the tail when it mentions a summary or total', () => {
    const long = `${lines(50_000)}\nTotal: 42 files`;
    expect(truncateToolResultText(long, 10_000)).toContain('Total: 42 files');
  });

  it('keeps only the head when the budget is too small to share with a tail', () => {
    const long = `${lines(50_000)}\nerror: boom`;
    const out = truncateToolResultText(long, 4_000);
    expect(out).not.toContain(MIDDLE_OMISSION_MARKER);
  });

  it('ignores error words in the middle, looking only at the last 2 000 chars', () => {
    const long = `error at start\n${lines(50_000)}`;
    expect(truncateToolResultText(long, 10_000)).not.toContain(MIDDLE_OMISSION_MARKER);
  });

  it('never cuts a surrogate pair in half', () => {
    const emoji = '😀'.repeat(10_000);
    expect(truncateToolResultText(emoji, 5_001)).not.toMatch(LONE_SURROGATE);
    expect(truncateToolResultText(`${emoji}error`, 9_000)).not.toMatch(LONE_SURROGATE);
  });

  it('keeps CJK text as whole characters from the start', () => {
    const cjk = '上下文过长'.repeat(5_000);
    const out = truncateToolResultText(cjk, 5_000);
    expect(cjk.startsWith(out.slice(0, -TRUNCATION_SUFFIX.length))).toBe(true);
  });
});

describe('truncateOversizedToolResults', () => {
  // A 10 000-token window: one result may keep 12 000 chars, all together 20 000.
  const window = 10_000;

  it('returns the same array for an empty transcript', () => {
    const empty: Message[] = [];
    expect(truncateOversizedToolResults(empty, window)).toEqual({ messages: empty, truncatedCount: 0 });
    expect(truncateOversizedToolResults(empty, window).messages).toBe(empty);
  });

  it('returns the same array when no result is oversized', () => {
    const messages = [user('go'), assistantWithCalls(['exec']), toolResult('exec', lines(11_000))];
    expect(truncateOversizedToolResults(messages, window).messages).toBe(messages);
  });

  it('returns the same array without a window', () => {
    const messages = [assistantWithCalls(['exec']), toolResult('exec', lines(50_000))];
    expect(truncateOversizedToolResults(messages, 0).messages).toBe(messages);
  });

  it('truncates a result over the per-result limit and keeps the identity of the others', () => {
    const messages = [
      user('go'),
      assistantWithCalls(['exec']),
      toolResult('exec', lines(50_000)),
      assistant('ok'),
    ];
    const { messages: out, truncatedCount } = truncateOversizedToolResults(messages, window);
    expect(truncatedCount).toBe(1);
    expect(textOf(out[2])).toBe(truncateToolResultText(lines(50_000), 12_000));
    expect(out[0]).toBe(messages[0]);
    expect(out[1]).toBe(messages[1]);
    expect(out[3]).toBe(messages[3]);
  });

  it('keeps every other field of a truncated result', () => {
    const result = toolResult('exec', lines(50_000), {
      isError: true,
      details: { exitCode: 2 },
      timestamp: 5,
    });
    const out = truncateOversizedToolResults([assistantWithCalls(['exec']), result], window).messages[1];
    expect(out).toMatchObject({
      toolCallId: 'call_exec',
      toolName: 'exec',
      isError: true,
      details: { exitCode: 2 },
      timestamp: 5,
    });
  });

  it('gives each text block its share of the limit, at least 2 000 chars, and keeps images', () => {
    const result = toolResult('exec', [
      text(lines(45_000, 'a')),
      image(),
      text(lines(15_000, 'b')),
      text('tiny'),
    ]);
    const out = truncateOversizedToolResults([assistantWithCalls(['exec']), result], window)
      .messages[1] as Message;
    const [first, picture, second, third] = out.content as { text?: string }[];
    expect(first?.text).toBe(
      truncateToolResultText(lines(45_000, 'a'), Math.floor((12_000 * 45_000) / 60_004)),
    );
    expect(second?.text).toBe(
      truncateToolResultText(lines(15_000, 'b'), Math.floor((12_000 * 15_000) / 60_004)),
    );
    expect(picture).toEqual(image());
    expect(third?.text).toBe('tiny');
  });

  it('judges CJK results by the docs/engine-rules.md#token-counting measure, so a CJK result is cut sooner than Latin text', () => {
    const latin = [assistantWithCalls(['exec']), toolResult('exec', 'abc'.repeat(3_600))];
    expect(truncateOversizedToolResults(latin, window).messages).toBe(latin);
    const cjk = '上下文'.repeat(1_200);
    const out = truncateOversizedToolResults(
      [assistantWithCalls(['exec']), toolResult('exec', cjk)],
      window,
    ).messages;
    expect(textOf(out[1])).toBe(truncateToolResultText(cjk, 3_000));
    expect(estimateStringChars(textOf(out[1]))).toBeLessThan(estimateStringChars(cjk));
  });

  it('shrinks several medium results newest first when together they exceed the aggregate budget (molt)', () => {
    const results = [0, 1, 2].map((i) => toolResult('exec', lines(8_000, `r${i}`), { id: `c${i}` }));
    const messages: Message[] = [
      user('go'),
      assistantWithCalls(results.map((_, i) => call('exec', {}, { id: `c${i}` }))),
      ...results,
    ];
    const { messages: out, truncatedCount } = truncateOversizedToolResults(messages, window);
    expect(truncatedCount).toBe(1);
    expect(out[2]).toBe(messages[2]);
    expect(out[3]).toBe(messages[3]);
    const newest = textOf(out[4]);
    expect(newest.endsWith(TRUNCATION_SUFFIX)).toBe(true);
    const total = [2, 3, 4].reduce((sum, i) => sum + estimateStringChars(textOf(out[i])), 0);
    expect(total).toBeLessThanOrEqual(calculateAggregateToolResultChars(window));
  });

  it('moves on to older results when shrinking the newest to 2 000 chars is not enough', () => {
    const results = [0, 1, 2, 3].map((i) => toolResult('exec', lines(9_000, `r${i}`), { id: `c${i}` }));
    const messages: Message[] = [
      assistantWithCalls(results.map((_, i) => call('exec', {}, { id: `c${i}` }))),
      ...results,
    ];
    const { messages: out, truncatedCount } = truncateOversizedToolResults(messages, window);
    expect(truncatedCount).toBe(3);
    expect(out[1]).toBe(messages[1]);
    expect(textOf(out[2]).length).toBeGreaterThan(MIN_KEEP_CHARS + TRUNCATION_SUFFIX.length);
    expect(textOf(out[3]).length).toBe(MIN_KEEP_CHARS + TRUNCATION_SUFFIX.length);
    expect(textOf(out[4]).length).toBe(MIN_KEEP_CHARS + TRUNCATION_SUFFIX.length);
  });

  it('passes malformed blocks through without throwing', () => {
    const malformed = {
      role: 'toolResult',
      toolCallId: 'x',
      toolName: 'exec',
      content: [null, { type: 'text' }, text(lines(50_000))],
    };
    const { messages, truncatedCount } = truncateOversizedToolResults(
      [malformed as unknown as Message],
      window,
    );
    expect(truncatedCount).toBe(1);
    expect((messages[0] as { content: unknown[] }).content.slice(0, 2)).toEqual([null, { type: 'text' }]);
  });
});

describe('findOversizedToolResults', () => {
  const window = 10_000;

  it('finds nothing in a transcript that fits', () => {
    expect(findOversizedToolResults([user('hi'), toolResult('exec', 'small')], window)).toEqual([]);
  });

  it('names a single oversized result with its replacement', () => {
    const messages = [assistantWithCalls(['exec']), toolResult('exec', lines(50_000))];
    const [found, ...rest] = findOversizedToolResults(messages, window);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      index: 1,
      toolCallId: 'call_exec',
      toolName: 'exec',
      reason: 'single',
      originalChars: 50_000,
      maxChars: 12_000,
    });
    expect(found?.message).toEqual(truncateOversizedToolResults(messages, window).messages[1]);
  });

  it('names results shrunk because together they were over budget', () => {
    const results = [0, 1, 2].map((i) => toolResult('exec', lines(8_000, `r${i}`), { id: `c${i}` }));
    const found = findOversizedToolResults(results, window);
    expect(found.map((f) => [f.index, f.reason])).toEqual([[2, 'aggregate']]);
  });
});
