/**
 * Overflow classification (docs/engine-rules.md#overflow-classification): is a provider's error text a context-window overflow?
 * The phrase tables come from OpenClaw's `pi-embedded-helpers/errors.ts` and its provider patterns;
 * the false-early rules (TPM hints, reasoning constraints, billing, rate limits) exist because those
 * errors share wording with overflows ("request size exceeds", "token limit") but are not cured by
 * compaction.
 */

/** Plain phrases that mean "the prompt did not fit", matched case-insensitively. */
const OVERFLOW_PHRASES: readonly string[] = [
  'request_too_large',
  'request exceeds the maximum size',
  'context length exceeded',
  'context_length_exceeded',
  'maximum context length',
  'prompt is too long',
  'prompt too long',
  'exceeds model context window',
  'model token limit',
  // With the colon: an error prefix. Prose about "context overflow" bugs must not match.
  'context overflow:',
  'exceed context limit',
  "exceeds the model's maximum context",
  'context_window_exceeded',
];

/** Chinese proxy phrases (matched on the raw text; case does not apply). */
const OVERFLOW_PHRASES_ZH: readonly string[] = [
  '上下文过长',
  '上下文超出',
  '上下文长度超',
  '超出最大上下文',
  '请压缩上下文',
];

/** Provider-specific wording (Bedrock, Azure, Ollama, Mistral, Cohere, DeepSeek, generic). */
const PROVIDER_OVERFLOW_PATTERNS: readonly RegExp[] = [
  /ValidationException.*(?:input is too long|max input token|input token.*exceed)/i,
  /ValidationException.*exceeds the maximum number of input tokens/i,
  /ModelStreamErrorException.*(?:input is too long|too many input tokens)/i,
  /content_filter.*(?:prompt|input).*(?:too long|exceed)/i,
  /\bollama\b.*(?:context length|too many tokens|context window)/i,
  /\btruncating input\b.*\btoo long\b/i,
  /\bmistral\b.*(?:input.*too long|token limit.*exceeded)/i,
  /\btotal tokens?.*exceeds? (?:the )?(?:model(?:'s)? )?(?:max|maximum|limit)/i,
  /\bdeepseek\b.*(?:input.*too long|context.*exceed)/i,
  /\binput (?:is )?too long for (?:the )?model\b/i,
];

/** Groq answers 413 for tokens-per-minute limits: a rate limit, not an overflow. */
const TPM_HINT = /\btpm\b|tokens per minute/i;
/** Reasoning-model constraints mention tokens and limits but are not cured by compaction. */
const REASONING_CONSTRAINT =
  /reasoning is (?:required|mandatory)|requires reasoning|reasoning.*cannot be disabled/i;

/**
 * Billing errors ("request size exceeds your credit", "maximum token limit exceeded for your plan").
 * Status codes need word boundaries: "prompt is too long: 240213 tokens" contains "402" otherwise.
 */
const BILLING_PATTERNS: readonly RegExp[] = [
  /\b402\b/,
  /payment required/i,
  /insufficient (?:credits|balance|funds)/i,
  /credit balance/i,
  /plans? & billing/i,
  /\bbilling\b.*\b(?:upgrade|credits?|payment|plan)\b/i,
];

/**
 * Rate-limit messages, checked before the overflow tables. molt: OpenClaw matched a bare "429"
 * substring, so "prompt is too long: 204298 tokens" read as a rate limit; molt needs a whole word.
 */
const RATE_LIMIT_PATTERNS: readonly RegExp[] = [
  /rate[_ ]limit|too many requests|\b429\b/i,
  /exceeded your current quota/i,
  /resource has been exhausted|resource_exhausted/i,
  /quota exceeded/i,
  /usage limit/i,
];

const CONTEXT_WINDOW_TOO_SMALL = /context window.*(?:too small|minimum is)/i;
const RATE_LIMIT_HINT =
  /rate limit|too many requests|requests per (?:minute|hour|day)|quota|throttl|\b429\b|tokens per day/i;
const OVERFLOW_HINT =
  /context.*overflow|context window.*(?:too (?:large|long)|exceed|over|limit|max(?:imum)?|requested|sent|tokens)|prompt.*(?:too (?:large|long)|exceed|over|limit|max(?:imum)?)|(?:request|input).*(?:context|window|length|token).*(?:too (?:large|long)|exceed|over|limit|max(?:imum)?)/i;

const COMPACTION_TERMS = /summarization failed|auto-compaction|compaction failed|compaction/i;

function hasTpmHint(text: string): boolean {
  return TPM_HINT.test(text);
}

function isReasoningConstraint(text: string): boolean {
  return REASONING_CONSTRAINT.test(text);
}

function isBillingError(text: string): boolean {
  return BILLING_PATTERNS.some((pattern) => pattern.test(text));
}

function isRateLimitError(text: string): boolean {
  return RATE_LIMIT_PATTERNS.some((pattern) => pattern.test(text));
}

/** True when the text is certainly a context-window overflow (docs/engine-rules.md#overflow-classification's exact phrases and patterns). */
export function isContextOverflowError(text: string | null | undefined): boolean {
  if (typeof text !== 'string' || text.length === 0) return false;
  if (hasTpmHint(text) || isReasoningConstraint(text)) return false;
  const lower = text.toLowerCase();
  if (OVERFLOW_PHRASES.some((phrase) => lower.includes(phrase))) return true;
  if (OVERFLOW_PHRASES_ZH.some((phrase) => text.includes(phrase))) return true;

  const mentionsMaxTokenCount = lower.includes('maximum number of tokens');
  if (lower.includes('invalid_argument') && mentionsMaxTokenCount) return true;
  if (lower.includes('input exceeds') && mentionsMaxTokenCount) return true;
  if (
    lower.includes('request size exceeds') &&
    (lower.includes('context window') ||
      lower.includes('context length') ||
      lower.includes('maximum context length'))
  ) {
    return true;
  }
  const exceedsContext = lower.includes('exceed') && lower.includes('context');
  if (exceedsContext && (lower.includes('max_tokens') || lower.includes('input length'))) return true;
  if (/\b413\b/.test(lower) && lower.includes('too large')) return true;

  return PROVIDER_OVERFLOW_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * The broader judgement the recovery tree uses: exact overflows, plus wording that looks like one,
 * minus billing, rate-limit and "window too small" errors that share the wording.
 */
export function isLikelyContextOverflowError(text: string | null | undefined): boolean {
  if (typeof text !== 'string' || text.length === 0) return false;
  if (hasTpmHint(text) || isReasoningConstraint(text)) return false;
  if (isBillingError(text)) return false;
  if (CONTEXT_WINDOW_TOO_SMALL.test(text)) return false;
  if (isRateLimitError(text)) return false;
  if (isContextOverflowError(text)) return true;
  if (RATE_LIMIT_HINT.test(text)) return false;
  return OVERFLOW_HINT.test(text);
}

/** True when the compaction itself overflowed ("Context overflow: Summarization failed", …). */
export function isCompactionFailureError(text: string | null | undefined): boolean {
  if (typeof text !== 'string' || text.length === 0) return false;
  if (!COMPACTION_TERMS.test(text)) return false;
  return isLikelyContextOverflowError(text) || text.toLowerCase().includes('context overflow');
}

/** Tried in order; the first match wins (docs/engine-rules.md#overflow-classification). */
const OBSERVED_TOKEN_PATTERNS: readonly RegExp[] = [
  /prompt is too long:\s*([\d,]+)\s+tokens\s*>\s*[\d,]+\s+maximum/i,
  /requested\s+([\d,]+)\s+tokens/i,
  /resulted in\s+([\d,]+)\s+tokens/i,
];

/** The window sizes providers print in their overflow errors, tried in order. */
const REPORTED_WINDOW_PATTERNS: readonly RegExp[] = [
  /maximum context length is\s+([\d,]+)/i,
  /prompt is too long:\s*[\d,]+\s+tokens\s*>\s*([\d,]+)\s+maximum/i,
  /model maximum context length\s*:?\s*([\d,]+)/i,
  /context (?:window|length) (?:of|is)\s+([\d,]+)\s+tokens/i,
  /maximum number of tokens allowed\s*\(?\s*([\d,]+)/i,
  /exceeds? the (?:context )?limit of\s+([\d,]+)\s+tokens/i,
];

function firstCount(text: string | null | undefined, patterns: readonly RegExp[]): number | undefined {
  if (typeof text !== 'string' || text.length === 0) return undefined;
  for (const pattern of patterns) {
    const raw = pattern.exec(text)?.[1]?.replaceAll(',', '');
    if (!raw) continue;
    const value = Number(raw);
    if (Number.isFinite(value) && value > 0) return Math.floor(value);
  }
  return undefined;
}

/** The prompt size the provider counted when it refused (`prompt is too long: N tokens > M maximum` → N). */
export function extractObservedOverflowTokenCount(text: string | null | undefined): number | undefined {
  return firstCount(text, OBSERVED_TOKEN_PATTERNS);
}

/**
 * The context window the provider says it has (`maximum context length is N`, `> M maximum`, …), so the
 * session can learn its real window (docs/engine-rules.md#overflow-recovery).
 */
export function extractReportedContextWindow(text: string | null | undefined): number | undefined {
  return firstCount(text, REPORTED_WINDOW_PATTERNS);
}
