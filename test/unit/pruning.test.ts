import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRUNING_SETTINGS,
  decidePruning,
  estimateMessageChars,
  type Message,
  makeToolPrunablePredicate,
  type PruningSettings,
  pruneContextMessages,
  pruneContextMessagesWithStats,
  pruningConfigSchema,
  resolvePruningSettings,
  shouldPrune,
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

const settings = resolvePruningSettings() as PruningSettings;

/** Three assistant turns: with keepLastAssistants 3 the cutoff is the first of them. */
const protectedTail = (): Message[] => [assistant('a'), user('b'), assistant('c'), user('d'), assistant('e')];

/** user, then one exec call + result per text, then the protected tail. */
function session(results: string[], head: Message[] = [user('start')]): Message[] {
  const middle = results.flatMap((content, i) => [
    assistantWithCalls([call('exec', {}, { id: `c${i}` })]),
    toolResult('exec', content, { id: `c${i}` }),
  ]);
  return [...head, ...middle, ...protectedTail()];
}

function prune(messages: Message[], contextWindowTokens: number, overrides: Partial<PruningSettings> = {}) {
  return pruneContextMessagesWithStats({
    messages,
    settings: { ...settings, ...overrides },
    contextWindowTokens,
  });
}

describe('resolvePruningSettings', () => {
  it('gives the defaults when there is no configuration', () => {
    expect(resolvePruningSettings()).toEqual(DEFAULT_PRUNING_SETTINGS);
    expect(resolvePruningSettings(null)).toEqual(DEFAULT_PRUNING_SETTINGS);
  });

  it("uses OpenClaw's defaults plus a force ratio of 0.8", () => {
    expect(DEFAULT_PRUNING_SETTINGS).toMatchObject({
      mode: 'cache-ttl',
      ttlMs: 300_000,
      keepLastAssistants: 3,
      softTrimRatio: 0.3,
      hardClearRatio: 0.5,
      forcePruneRatio: 0.8,
      minPrunableToolChars: 50_000,
      softTrim: { maxChars: 4_000, headChars: 1_500, tailChars: 1_500 },
      hardClear: { enabled: true, placeholder: '[Old tool result content cleared]' },
    });
  });

  it('returns null when pruning is off', () => {
    expect(resolvePruningSettings({ mode: 'off' })).toBeNull();
  });

  it('clamps ratios to [0, 1]', () => {
    const resolved = resolvePruningSettings({ softTrimRatio: -1, hardClearRatio: 7, forcePruneRatio: 1.5 });
    expect(resolved).toMatchObject({ softTrimRatio: 0, hardClearRatio: 1, forcePruneRatio: 1 });
  });

  it('floors counts and keeps them at least 0', () => {
    const resolved = resolvePruningSettings({
      keepLastAssistants: 2.7,
      minPrunableToolChars: -5,
      softTrim: { maxChars: 100.9, headChars: -1 },
    });
    expect(resolved).toMatchObject({
      keepLastAssistants: 2,
      minPrunableToolChars: 0,
      softTrim: { maxChars: 100, headChars: 0, tailChars: 1_500 },
    });
  });

  it('keeps the default placeholder when the configured one is blank, and trims it otherwise', () => {
    expect(resolvePruningSettings({ hardClear: { placeholder: '   ' } })?.hardClear.placeholder).toBe(
      '[Old tool result content cleared]',
    );
    expect(resolvePruningSettings({ hardClear: { placeholder: ' [gone] ' } })?.hardClear.placeholder).toBe(
      '[gone]',
    );
  });

  it("reads OpenClaw's ttl duration strings, minutes by default, and prefers ttlMs", () => {
    expect(resolvePruningSettings({ ttl: '90s' })?.ttlMs).toBe(90_000);
    expect(resolvePruningSettings({ ttl: '10' })?.ttlMs).toBe(600_000);
    expect(resolvePruningSettings({ ttl: '1h', ttlMs: 5 })?.ttlMs).toBe(5);
    expect(resolvePruningSettings({ ttl: 'soon' })?.ttlMs).toBe(300_000);
  });

  it('falls back to the default for a mistyped field instead of throwing', () => {
    const resolved = resolvePruningSettings({ softTrimRatio: 'high', tools: { allow: 'exec' } } as never);
    expect(resolved?.softTrimRatio).toBe(0.3);
    expect(resolved?.tools).toEqual({ allow: [], deny: [] });
  });

  it('has a schema whose errors name the failing field', () => {
    const parsed = pruningConfigSchema.safeParse({ softTrim: { maxChars: 'big' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['softTrim', 'maxChars']);
  });
});

describe('the cache-TTL gate', () => {
  const now = 1_000_000;

  it('never prunes when pruning is off', () => {
    expect(decidePruning({ settings: null, now, ratio: 1 })).toEqual({ prune: false, reason: 'off' });
  });

  it('prunes when the last cache touch is unknown (molt: OpenClaw skipped it)', () => {
    expect(decidePruning({ settings, now, lastCacheTouchAt: undefined })).toEqual({
      prune: true,
      reason: 'cache-unknown',
    });
    expect(shouldPrune({ settings, now, lastCacheTouchAt: null })).toBe(true);
  });

  it('prunes once the TTL has passed since the last touch', () => {
    expect(decidePruning({ settings, now, lastCacheTouchAt: now - 300_000 })).toEqual({
      prune: true,
      reason: 'cache-expired',
    });
  });

  it('waits while the cache is warm', () => {
    expect(decidePruning({ settings, now, lastCacheTouchAt: now - 299_999, ratio: 0.79 })).toEqual({
      prune: false,
      reason: 'cache-warm',
    });
  });

  it('prunes regardless of the TTL when the window is forcePruneRatio full (molt)', () => {
    expect(decidePruning({ settings, now, lastCacheTouchAt: now - 1, ratio: 0.8 })).toEqual({
      prune: true,
      reason: 'force-ratio',
    });
  });

  it('treats a TTL of 0 as always expired', () => {
    expect(shouldPrune({ settings: { ...settings, ttlMs: 0 }, now, lastCacheTouchAt: now })).toBe(true);
  });
});

describe('makeToolPrunablePredicate', () => {
  it('allows every tool when there are no lists', () => {
    expect(makeToolPrunablePredicate({})('anything')).toBe(true);
  });

  it('matches names exactly, trimmed and case-insensitively', () => {
    const isPrunable = makeToolPrunablePredicate({ allow: [' Exec '] });
    expect(isPrunable('exec')).toBe(true);
    expect(isPrunable('EXEC ')).toBe(true);
    expect(isPrunable('exec2')).toBe(false);
  });

  it('anchors * patterns at both ends', () => {
    const isPrunable = makeToolPrunablePredicate({ allow: ['read*', '*_log'] });
    expect(isPrunable('read_file')).toBe(true);
    expect(isPrunable('tail_log')).toBe(true);
    expect(isPrunable('xread')).toBe(false);
    expect(isPrunable('log_tail')).toBe(false);
  });

  it('treats regular-expression characters in patterns literally', () => {
    const isPrunable = makeToolPrunablePredicate({ allow: ['a.b*'] });
    expect(isPrunable('a.bc')).toBe(true);
    expect(isPrunable('axbc')).toBe(false);
  });

  it('lets deny win over allow, and * deny everything', () => {
    expect(makeToolPrunablePredicate({ allow: ['*'], deny: ['exec'] })('exec')).toBe(false);
    expect(makeToolPrunablePredicate({ deny: ['*'] })('read')).toBe(false);
  });
});

describe('pruneContextMessages', () => {
  const big = lines(10_000);

  it('returns the same array for an empty transcript', () => {
    const empty: Message[] = [];
    expect(pruneContextMessages({ messages: empty, settings, contextWindowTokens: 1_000 })).toBe(empty);
  });

  it('returns the same array without a context window', () => {
    const messages = session([big]);
    expect(prune(messages, 0).messages).toBe(messages);
    expect(prune(messages, -1).messages).toBe(messages);
  });

  it('returns the same array when there are fewer assistants than keepLastAssistants', () => {
    const messages = [user('go'), assistantWithCalls(['exec']), toolResult('exec', big)];
    expect(prune(messages, 1_000).messages).toBe(messages);
  });

  it('returns the same array while the context is below the soft-trim ratio', () => {
    const messages = session([big]);
    expect(prune(messages, 100_000).messages).toBe(messages);
  });

  it('soft-trims an old result to its head and tail with a note', () => {
    const messages = session([big]);
    const { messages: pruned, softTrimmed } = prune(messages, 8_000);
    expect(softTrimmed).toBe(1);
    expect(pruned[2]).toEqual({
      ...messages[2],
      content: [
        text(
          `${big.slice(0, 1_500)}\n...\n${big.slice(-1_500)}\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of 10000 chars.]`,
        ),
      ],
    });
  });

  it("joins a result's text blocks with newlines before trimming", () => {
    const messages = session([]);
    messages.splice(
      1,
      0,
      assistantWithCalls(['exec']),
      toolResult('exec', [text('a'.repeat(3_000)), text('b'.repeat(3_000))]),
    );
    const pruned = prune(messages, 5_000).messages;
    expect(textOf(pruned[2])).toContain(`${'a'.repeat(1_500)}\n...\n${'b'.repeat(1_500)}`);
    expect(textOf(pruned[2])).toContain('of 6001 chars');
  });

  it('leaves results that are not longer than maxChars', () => {
    const messages = session([lines(4_000), big]);
    const pruned = prune(messages, 8_000).messages;
    expect(pruned[2]).toBe(messages[2]);
    expect(pruned[4]).not.toBe(messages[4]);
  });

  it('never touches the results of the last keepLastAssistants turns', () => {
    const recent = [
      user('go'),
      assistantWithCalls(['exec']),
      toolResult('exec', big),
      assistant('a'),
      assistant('b'),
    ];
    expect(prune(recent, 8_000).messages).toBe(recent);
  });

  it('prunes up to the end when keepLastAssistants is 0', () => {
    const recent = [user('go'), assistantWithCalls(['exec']), toolResult('exec', big)];
    expect(prune(recent, 8_000, { keepLastAssistants: 0 }).softTrimmed).toBe(1);
  });

  it('never touches anything before the first user message', () => {
    const bootstrap = [assistantWithCalls(['read']), toolResult('read', big)];
    const messages = session([], [...bootstrap, user('start')]);
    expect(prune(messages, 3_000).messages).toBe(messages);
  });

  it('never touches a result holding an image', () => {
    const messages = session([]);
    messages.splice(1, 0, assistantWithCalls(['screenshot']), toolResult('screenshot', [text(big), image()]));
    expect(prune(messages, 3_000).messages).toBe(messages);
  });

  it('skips tools the filter denies', () => {
    const messages = session([big]);
    expect(prune(messages, 8_000, { tools: { allow: [], deny: ['exec'] } }).messages).toBe(messages);
  });

  it('uses isToolPrunable when given', () => {
    const messages = session([big]);
    const pruned = pruneContextMessages({
      messages,
      settings,
      contextWindowTokens: 8_000,
      isToolPrunable: () => false,
    });
    expect(pruned).toBe(messages);
  });

  it('never modifies user or assistant messages, however large', () => {
    const messages = session([big], [user(lines(50_000))]);
    const pruned = prune(messages, 20_000).messages;
    for (const [i, message] of messages.entries()) {
      if (message.role !== 'toolResult') expect(pruned[i]).toBe(message);
    }
  });

  it('hard-clears results oldest first until the ratio drops below hardClearRatio', () => {
    const results = Array.from({ length: 20 }, (_, i) => lines(3_000, `r${i}`));
    const messages = session(results);
    const { messages: pruned, hardCleared, softTrimmed } = prune(messages, 20_000);
    expect(softTrimmed).toBe(0);
    expect(hardCleared).toBeGreaterThan(0);
    const resultIndexes = results.map((_, i) => 2 + 2 * i);
    const cleared = resultIndexes.filter((i) => textOf(pruned[i]) === '[Old tool result content cleared]');
    expect(cleared).toEqual(resultIndexes.slice(0, hardCleared));
    const total = pruned.reduce((sum, m) => sum + estimateMessageChars(m), 0);
    expect(total / 80_000).toBeLessThan(0.5);
  });

  it('keeps the other fields of a cleared result', () => {
    const results = Array.from({ length: 20 }, () => lines(3_000));
    const messages = session(results);
    messages[2] = { ...(messages[2] as Message), isError: true, details: { exitCode: 1 } } as Message;
    const pruned = prune(messages, 20_000).messages;
    expect(pruned[2]).toMatchObject({
      role: 'toolResult',
      toolCallId: 'c0',
      toolName: 'exec',
      isError: true,
      details: { exitCode: 1 },
    });
  });

  it('does not hard-clear when hard clear is disabled', () => {
    const messages = session(Array.from({ length: 20 }, () => lines(3_000)));
    expect(prune(messages, 20_000, { hardClear: { enabled: false, placeholder: 'x' } }).messages).toBe(
      messages,
    );
  });

  it('does not hard-clear when the prunable results hold fewer than minPrunableToolChars', () => {
    const messages = session(Array.from({ length: 20 }, () => lines(3_000)));
    expect(prune(messages, 20_000, { minPrunableToolChars: 60_001 }).messages).toBe(messages);
  });

  it('counts a result trimmed and then cleared as cleared only', () => {
    const messages = session(Array.from({ length: 30 }, () => lines(5_000)));
    const stats = prune(messages, 10_000);
    expect(stats.softTrimmed + stats.hardCleared).toBe(30);
    expect(stats.hardCleared).toBeGreaterThan(0);
  });

  it('never replaces a result with something larger', () => {
    const messages = session(
      Array.from({ length: 60 }, () => 'ok'),
      [user(lines(100_000))],
    );
    expect(prune(messages, 1_000, { minPrunableToolChars: 0 }).messages).toBe(messages);
  });

  it('counts reserved chars (system prompt, tool schemas) towards the ratio', () => {
    const messages = session([big]);
    expect(prune(messages, 100_000).messages).toBe(messages);
    const pruned = pruneContextMessagesWithStats({
      messages,
      settings,
      contextWindowTokens: 100_000,
      reservedChars: 120_000,
    });
    expect(pruned.softTrimmed).toBe(1);
  });

  it('measures CJK at four chars per character, so a CJK result reaches the ratio sooner', () => {
    const cjk = '上下文'.repeat(2_000);
    const latin = 'abc'.repeat(2_000);
    expect(prune(session([latin]), 10_000).messages).toEqual(session([latin]));
    expect(prune(session([cjk]), 10_000).softTrimmed).toBe(1);
  });

  it('never cuts a surrogate pair in half', () => {
    const emoji = '😀'.repeat(3_000);
    const pruned = prune(session([emoji]), 2_000).messages;
    const trimmed = textOf(pruned[2]);
    expect(trimmed).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('measures malformed blocks as empty instead of throwing', () => {
    const malformed = {
      role: 'toolResult',
      toolCallId: 'c9',
      toolName: 'exec',
      content: [null, { type: 'text' }, text(big)],
    };
    const messages = session([]);
    messages.splice(
      1,
      0,
      assistantWithCalls([call('exec', {}, { id: 'c9' })]),
      malformed as unknown as Message,
    );
    expect(() => prune(messages, 3_000)).not.toThrow();
    expect(prune(messages, 3_000).softTrimmed).toBe(1);
  });
});
