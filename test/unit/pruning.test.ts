import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRUNING_SETTINGS,
  decidePruning,
  makeToolPrunablePredicate,
  pruningConfigSchema,
  resolvePruningSettings,
  shouldPrune,
} from '../../context/index.js';
import { settings } from './pruning-fixtures.js';

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
