import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { CORPUS_KINDS, loadCorpus } from '../../bench/corpus.js';
import type { Message } from '../../context/messages.js';
import {
  createTokenCounter,
  estimateMessagesTokens,
  estimateMessageTokens,
  estimateTextTokens,
  IMAGE_TOKEN_ESTIMATE,
  MESSAGE_OVERHEAD_TOKENS,
  UNKNOWN_ROLE_TOKENS,
  UNSERIALIZABLE_ARGUMENTS_TOKENS,
} from '../../context/tokens/index.js';
import { exactTokenCounter } from '../../llm/tokenizer.js';
import { assistant, assistantWithCalls, call, image, text, thinking, toolResult, user } from './factories.js';

/** docs/engine-rules.md#token-counting: within ±15 % of o200k on every document, erring high — at most this much low. */
const MAX_OVERESTIMATE = 0.15;
const MAX_UNDERESTIMATE = 0.03;

const corpus = loadCorpus();
const relativeError = (estimate: number, actual: number) => estimate / actual - 1;

/** Counts a text as its length, so a test can see exactly which texts a message contributes. */
const lengthCounter = createTokenCounter({ mode: 'exact', countTokens: (value) => value.length });

/** Deterministic pseudo-random bytes (an LCG), so the base64 test sees the same data every run. */
function pseudoRandomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  let state = 7;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    bytes[i] = state >>> 23;
  }
  return bytes;
}

describe('estimateTextTokens against o200k', () => {
  it.each(corpus)(
    'estimates $name ($kind) within ±15 % of o200k, erring high (at most 3 % low)',
    ({ text }) => {
      const error = relativeError(estimateTextTokens(text), countTokens(text));
      expect(Math.abs(error)).toBeLessThanOrEqual(MAX_OVERESTIMATE);
      expect(error).toBeGreaterThanOrEqual(-MAX_UNDERESTIMATE);
    },
  );

  it('errs high on the corpus as a whole', () => {
    const estimated = corpus.reduce((sum, { text }) => sum + estimateTextTokens(text), 0);
    const actual = corpus.reduce((sum, { text }) => sum + countTokens(text), 0);
    expect(estimated).toBeGreaterThan(actual);
  });

  it('measures a corpus of prose, code, JSON, logs, Chinese, Japanese, Korean and emoji, 2–50 KB each', () => {
    const kinds = Object.values(CORPUS_KINDS).join(' | ');
    for (const kind of [
      'English prose',
      'TypeScript',
      'Python',
      'JSON',
      'logs',
      'Chinese',
      'Japanese',
      'Korean',
      'emoji',
    ]) {
      expect(kinds).toContain(kind);
    }
    for (const { text } of corpus) {
      const bytes = new TextEncoder().encode(text).length;
      expect(bytes).toBeGreaterThanOrEqual(2_000);
      expect(bytes).toBeLessThanOrEqual(50_000);
    }
  });

  it('estimates base64 within ±15 % of o200k (random letters split into short tokens)', () => {
    const base64 = Buffer.from(pseudoRandomBytes(6_000)).toString('base64');
    const error = relativeError(estimateTextTokens(base64), countTokens(base64));
    expect(Math.abs(error)).toBeLessThanOrEqual(MAX_OVERESTIMATE);
  });

  it('counts an empty string as 0 tokens', () => {
    expect(estimateTextTokens('')).toBe(0);
  });

  it('counts a non-string as 0 tokens instead of throwing', () => {
    expect(estimateTextTokens(undefined as never)).toBe(0);
    expect(estimateTextTokens(42 as never)).toBe(0);
  });

  it('never estimates a non-empty text at 0 tokens', () => {
    for (const sample of [' ', '\n', 'a', '7', '.', '中', '한', 'я', '😀', '\u200d', '\ud800']) {
      expect(estimateTextTokens(sample)).toBeGreaterThanOrEqual(1);
    }
  });

  it('grows in proportion to the text', () => {
    const prose = corpus.find(({ name }) => name === 'english-prose.txt')!.text;
    const once = estimateTextTokens(prose);
    expect(estimateTextTokens(prose + prose)).toBeGreaterThanOrEqual(2 * once - 2);
    expect(estimateTextTokens(prose + prose)).toBeLessThanOrEqual(2 * once + 2);
  });
});

describe('estimateMessageTokens', () => {
  it('charges a text message its text plus a per-message overhead', () => {
    const value = 'Please rerun the failing refund test and paste the output.';
    expect(estimateMessageTokens(user(value))).toBe(estimateTextTokens(value) + MESSAGE_OVERHEAD_TOKENS);
    expect(estimateMessageTokens(assistant(value))).toBe(estimateTextTokens(value) + MESSAGE_OVERHEAD_TOKENS);
  });

  it('counts text, thinking and the JSON of tool call arguments', () => {
    const args = { command: 'npx vitest run', timeout: 120 };
    const message: Message = {
      role: 'assistant',
      content: [text('Running the tests.'), thinking('They failed before.'), call('exec', args)],
    };
    const expected = 'Running the tests.'.length + 'They failed before.'.length + JSON.stringify(args).length;
    expect(lengthCounter.messageTokens(message)).toBe(expected + MESSAGE_OVERHEAD_TOKENS);
    expect(estimateMessageTokens(message)).toBeGreaterThan(MESSAGE_OVERHEAD_TOKENS + 10);
  });

  it('charges IMAGE_TOKEN_ESTIMATE per image in user messages and tool results', () => {
    expect(estimateMessageTokens(user([image(), image()]))).toBe(
      2 * IMAGE_TOKEN_ESTIMATE + MESSAGE_OVERHEAD_TOKENS,
    );
    expect(estimateMessageTokens(toolResult('screenshot', [image()]))).toBe(
      IMAGE_TOKEN_ESTIMATE + MESSAGE_OVERHEAD_TOKENS,
    );
  });

  it('does not count an image by the size of its data', () => {
    const small = user([image('iVBORw0KGgo=')]);
    const large = user([image('A'.repeat(500_000))]);
    expect(estimateMessageTokens(large)).toBe(estimateMessageTokens(small));
  });

  it('never counts toolResult.details', () => {
    const plain = toolResult('exec', 'exit code 0');
    const withDetails = toolResult('exec', 'exit code 0', { details: { stdout: 'x'.repeat(100_000) } });
    expect(estimateMessageTokens(withDetails)).toBe(estimateMessageTokens(plain));
    expect(lengthCounter.messageTokens(withDetails)).toBe('exit code 0'.length + MESSAGE_OVERHEAD_TOKENS);
  });

  it('counts string content of user messages', () => {
    expect(lengthCounter.messageTokens(user('hello'))).toBe(5 + MESSAGE_OVERHEAD_TOKENS);
  });

  it('counts malformed blocks as empty instead of throwing', () => {
    const malformed = [
      {
        role: 'assistant',
        content: [null, 7, { type: 'text' }, { type: 'thinking' }, { type: 'mystery', text: 'x' }],
      },
      { role: 'assistant', content: 'not an array' },
      { role: 'user', content: undefined },
      { role: 'toolResult', content: [null, { type: 'text', text: 42 }] },
    ];
    for (const message of malformed) {
      expect(estimateMessageTokens(message as never)).toBe(MESSAGE_OVERHEAD_TOKENS);
    }
  });

  it('counts a missing message as 0 tokens', () => {
    expect(estimateMessageTokens(null as never)).toBe(0);
    expect(estimateMessageTokens(undefined as never)).toBe(0);
  });

  it('charges UNSERIALIZABLE_ARGUMENTS_TOKENS for tool arguments JSON cannot serialise', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(estimateMessageTokens(assistantWithCalls([call('exec', circular)]))).toBe(
      UNSERIALIZABLE_ARGUMENTS_TOKENS + MESSAGE_OVERHEAD_TOKENS,
    );
    expect(estimateMessageTokens(assistantWithCalls([call('exec', { size: 10n })]))).toBe(
      UNSERIALIZABLE_ARGUMENTS_TOKENS + MESSAGE_OVERHEAD_TOKENS,
    );
  });

  it('charges a message of an unknown role UNKNOWN_ROLE_TOKENS', () => {
    expect(estimateMessageTokens({ role: 'system', content: 'x'.repeat(10_000) } as never)).toBe(
      UNKNOWN_ROLE_TOKENS,
    );
  });

  it('sums messages', () => {
    const messages: Message[] = [user('hi'), assistant('hello there'), toolResult('exec', 'ok')];
    const sum = messages.reduce((total, message) => total + estimateMessageTokens(message), 0);
    expect(estimateMessagesTokens(messages)).toBe(sum);
    expect(estimateMessagesTokens([])).toBe(0);
  });
});

describe('createTokenCounter', () => {
  it('estimate mode is the default estimator', () => {
    const counter = createTokenCounter({ mode: 'estimate' });
    const message = assistant('Done: 3 files changed, 41 insertions(+), 7 deletions(-).');
    expect(counter.mode).toBe('estimate');
    expect(counter.textTokens('一二三 four five')).toBe(estimateTextTokens('一二三 four five'));
    expect(counter.messageTokens(message)).toBe(estimateMessageTokens(message));
    expect(counter.messagesTokens([message, message])).toBe(2 * estimateMessageTokens(message));
  });

  it('exact mode counts text with an injected encode function', () => {
    const counter = createTokenCounter({ mode: 'exact', encode: (value) => value.split(' ') });
    expect(counter.mode).toBe('exact');
    expect(counter.textTokens('one two three')).toBe(3);
    expect(counter.textTokens('')).toBe(0);
    expect(counter.messageTokens(user([text('one two'), image()]))).toBe(
      2 + IMAGE_TOKEN_ESTIMATE + MESSAGE_OVERHEAD_TOKENS,
    );
  });

  it('exact mode without a tokenizer function fails with a message naming the fix', () => {
    expect(() => createTokenCounter({ mode: 'exact' } as never)).toThrow(
      /encode\(text\) or countTokens\(text\)/,
    );
  });

  it('rejects an unknown mode', () => {
    expect(() => createTokenCounter({ mode: 'guess' } as never)).toThrow(/unknown mode "guess"/);
  });
});

describe('exactTokenCounter (gpt-tokenizer o200k)', () => {
  const exact = exactTokenCounter();

  it.each(corpus)('counts $name exactly like gpt-tokenizer', ({ text }) => {
    expect(exact.textTokens(text)).toBe(countTokens(text));
  });

  it('counts a message as the o200k tokens of its texts plus the overhead', () => {
    const message: Message = {
      role: 'assistant',
      content: [thinking('Look at the entry point.'), call('read', { path: 'src/index.ts' })],
    };
    const expected =
      countTokens('Look at the entry point.') + countTokens(JSON.stringify({ path: 'src/index.ts' }));
    expect(exact.messageTokens(message)).toBe(expected + MESSAGE_OVERHEAD_TOKENS);
  });

  it('counts special-token markup as plain text instead of throwing', () => {
    const value = 'the log ended with <|endoftext|> and then stopped';
    expect(exact.textTokens(value)).toBe(countTokens(value, { disallowedSpecial: new Set() }));
  });
});
