/**
 * Pruning settings (docs/engine-rules.md#pruning): the defaults, the one function that normalises a raw
 * configuration into effective settings, and the cache-TTL gate that says whether this request
 * may prune. The clock is an input: callers pass `now`.
 */
import { z } from 'zod';

export type PruningMode = 'off' | 'cache-ttl';

export type PruningToolMatch = { allow?: string[]; deny?: string[] };

/** Effective settings: every field present and normalised. */
export type PruningSettings = {
  mode: 'cache-ttl';
  /** The provider's prompt-cache TTL: pruning waits until the cached prefix has expired. */
  ttlMs: number;
  /** Tool results of the last N assistant turns are never pruned (OpenClaw: 3). */
  keepLastAssistants: number;
  softTrimRatio: number;
  hardClearRatio: number;
  /** molt: prune regardless of the TTL once the window is this full (OpenClaw had no such gate). */
  forcePruneRatio: number;
  /** Hard clear only when prunable results hold at least this many chars. */
  minPrunableToolChars: number;
  tools: { allow: string[]; deny: string[] };
  softTrim: { maxChars: number; headChars: number; tailChars: number };
  hardClear: { enabled: boolean; placeholder: string };
};

/** OpenClaw's defaults (context-pruning/settings.ts), plus molt's `forcePruneRatio`. */
export const DEFAULT_PRUNING_SETTINGS: Readonly<PruningSettings> = Object.freeze({
  mode: 'cache-ttl',
  ttlMs: 5 * 60 * 1000,
  keepLastAssistants: 3,
  softTrimRatio: 0.3,
  hardClearRatio: 0.5,
  forcePruneRatio: 0.8,
  minPrunableToolChars: 50_000,
  tools: Object.freeze({ allow: [], deny: [] }) as PruningSettings['tools'],
  softTrim: Object.freeze({ maxChars: 4_000, headChars: 1_500, tailChars: 1_500 }),
  hardClear: Object.freeze({ enabled: true, placeholder: '[Old tool result content cleared]' }),
});

const ratio = z.number().finite();
const count = z.number().finite();

/**
 * The pruning configuration a session may send (`settings.pruning`). Types are checked here;
 * ranges are not errors: `resolvePruningSettings` clamps them.
 */
export const pruningConfigSchema = z.object({
  mode: z.enum(['off', 'cache-ttl']).optional(),
  ttlMs: count.optional(),
  /** OpenClaw's duration string ("5m", "90s", "1h"; a bare number means minutes). */
  ttl: z.string().optional(),
  keepLastAssistants: count.optional(),
  softTrimRatio: ratio.optional(),
  hardClearRatio: ratio.optional(),
  forcePruneRatio: ratio.optional(),
  minPrunableToolChars: count.optional(),
  tools: z.object({ allow: z.array(z.string()).optional(), deny: z.array(z.string()).optional() }).optional(),
  softTrim: z
    .object({ maxChars: count.optional(), headChars: count.optional(), tailChars: count.optional() })
    .optional(),
  hardClear: z.object({ enabled: z.boolean().optional(), placeholder: z.string().optional() }).optional(),
});
export type PruningConfig = z.infer<typeof pruningConfigSchema>;

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Parse "250ms", "30s", "5m", "1h" or a bare number of minutes; undefined when unreadable. */
export function parseDurationMs(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = DURATION_UNITS_MS[(match[2] ?? 'm').toLowerCase()] ?? 60_000;
  return Math.floor(Number(match[1]) * unit);
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
function clampRatio(value: unknown, fallback: number): number {
  return finite(value) ? Math.min(1, Math.max(0, value)) : fallback;
}
function wholeCount(value: unknown, fallback: number): number {
  return finite(value) ? Math.max(0, Math.floor(value)) : fallback;
}
function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Effective settings from a raw configuration, or `null` when pruning is off. Missing config
 * means the defaults (molt prunes by default, in "cache-ttl" mode). Ratios are clamped to [0, 1],
 * counts floored and at least 0, a blank placeholder keeps the default; unknown or mistyped
 * fields fall back to their defaults, so this never throws.
 */
export function resolvePruningSettings(config?: PruningConfig | null): PruningSettings | null {
  const raw = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  if (raw.mode === 'off') return null;
  const d = DEFAULT_PRUNING_SETTINGS;
  const softTrim = (raw.softTrim && typeof raw.softTrim === 'object' ? raw.softTrim : {}) as Record<
    string,
    unknown
  >;
  const hardClear = (raw.hardClear && typeof raw.hardClear === 'object' ? raw.hardClear : {}) as Record<
    string,
    unknown
  >;
  const tools = (raw.tools && typeof raw.tools === 'object' ? raw.tools : {}) as Record<string, unknown>;

  let ttlMs = d.ttlMs;
  if (finite(raw.ttlMs)) ttlMs = Math.max(0, Math.floor(raw.ttlMs));
  else if (typeof raw.ttl === 'string') ttlMs = parseDurationMs(raw.ttl) ?? d.ttlMs;

  const placeholder = typeof hardClear.placeholder === 'string' ? hardClear.placeholder.trim() : '';
  return {
    mode: 'cache-ttl',
    ttlMs,
    keepLastAssistants: wholeCount(raw.keepLastAssistants, d.keepLastAssistants),
    softTrimRatio: clampRatio(raw.softTrimRatio, d.softTrimRatio),
    hardClearRatio: clampRatio(raw.hardClearRatio, d.hardClearRatio),
    forcePruneRatio: clampRatio(raw.forcePruneRatio, d.forcePruneRatio),
    minPrunableToolChars: wholeCount(raw.minPrunableToolChars, d.minPrunableToolChars),
    tools: { allow: names(tools.allow), deny: names(tools.deny) },
    softTrim: {
      maxChars: wholeCount(softTrim.maxChars, d.softTrim.maxChars),
      headChars: wholeCount(softTrim.headChars, d.softTrim.headChars),
      tailChars: wholeCount(softTrim.tailChars, d.softTrim.tailChars),
    },
    hardClear: {
      enabled: typeof hardClear.enabled === 'boolean' ? hardClear.enabled : d.hardClear.enabled,
      placeholder: placeholder || d.hardClear.placeholder,
    },
  };
}

export type PruneGateReason =
  /** Pruning is off for this session. */
  | 'off'
  /** molt: the window is at least `forcePruneRatio` full, so the TTL is not waited for. */
  | 'force-ratio'
  /** molt: no cache touch is known (fresh process, first call): counted as expired. */
  | 'cache-unknown'
  /** The provider's cached prefix has expired: pruning costs no extra cache write. */
  | 'cache-expired'
  /** The cached prefix is still warm: pruning now would throw it away. */
  | 'cache-warm';

export type PruneGateInput = {
  settings: PruningSettings | null;
  /** The request time, in ms since the epoch (the caller's clock). */
  now: number;
  /** The time of the session's last LLM call, or null/undefined when unknown. */
  lastCacheTouchAt?: number | null;
  /** How full the window is (estimated context / window); NaN or missing counts as 0. */
  ratio?: number;
};

/**
 * The cache-TTL gate with its reason. Prune when the cached prefix has expired
 * (`now − lastCacheTouchAt ≥ ttlMs`), when no touch is known, or when the window is at least
 * `forcePruneRatio` full. After pruning the caller records a touch.
 */
export function decidePruning(input: PruneGateInput): { prune: boolean; reason: PruneGateReason } {
  const { settings, now, lastCacheTouchAt } = input;
  if (!settings) return { prune: false, reason: 'off' };
  const ratio = finite(input.ratio) ? input.ratio : 0;
  if (ratio >= settings.forcePruneRatio) return { prune: true, reason: 'force-ratio' };
  // OpenClaw skipped pruning when the touch was unknown and overflowed after every restart.
  if (!finite(lastCacheTouchAt)) return { prune: true, reason: 'cache-unknown' };
  if (now - lastCacheTouchAt >= settings.ttlMs) return { prune: true, reason: 'cache-expired' };
  return { prune: false, reason: 'cache-warm' };
}

/** The cache-TTL gate as a boolean (see `decidePruning`). */
export function shouldPrune(input: PruneGateInput): boolean {
  return decidePruning(input).prune;
}

/**
 * Whether stored messages mean the agent just called its LLM, so its prompt cache is warm from
 * now (the TTL gate above measures from that moment): an assistant message is an LLM answer.
 */
export function touchesPromptCache(messages: ReadonlyArray<{ role: string }>): boolean {
  return messages.some((message) => message.role === 'assistant');
}
