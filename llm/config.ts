/**
 * The summarizer's configuration from the environment (docs/api.md#configuration). `extractive` (the default)
 * needs nothing and calls no model; the others need a model name, and `openai-compatible` a base
 * URL. Invalid values stop start-up with a message naming the variable.
 */
import { z } from 'zod';
import { DEFAULT_LLM_CONCURRENCY, DEFAULT_LLM_TIMEOUT_MS, MAX_LLM_CONCURRENCY } from '../config/defaults.js';
import { emptyAsUndefined, parseEnv } from '../config/env.js';

export const LLM_PROVIDERS = ['extractive', 'openai-compatible', 'anthropic', 'openai'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

export { DEFAULT_LLM_CONCURRENCY, DEFAULT_LLM_TIMEOUT_MS, MAX_LLM_CONCURRENCY };

/** The SDK's own fallbacks when `MOLT_LLM_API_KEY` is unset. */
const PROVIDER_KEY_VARIABLES = { anthropic: 'ANTHROPIC_API_KEY', openai: 'OPENAI_API_KEY' } as const;

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

export const llmConfigSchema = z
  .object({
    MOLT_LLM_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(LLM_PROVIDERS).default('extractive')),
    MOLT_LLM_BASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    MOLT_LLM_MODEL: optionalString,
    MOLT_LLM_API_KEY: optionalString,
    MOLT_LLM_CONCURRENCY: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(MAX_LLM_CONCURRENCY, `must be at most ${MAX_LLM_CONCURRENCY}`)
        .default(DEFAULT_LLM_CONCURRENCY),
    ),
    MOLT_LLM_TIMEOUT_MS: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'must be a number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .positive('must be a positive number of milliseconds')
        .default(DEFAULT_LLM_TIMEOUT_MS),
    ),
    ANTHROPIC_API_KEY: optionalString,
    OPENAI_API_KEY: optionalString,
  })
  .superRefine((env, context) => {
    const provider = env.MOLT_LLM_PROVIDER;
    if (provider === 'extractive') return;
    if (provider === 'openai-compatible' && !env.MOLT_LLM_BASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['MOLT_LLM_BASE_URL'],
        message: 'required when MOLT_LLM_PROVIDER is openai-compatible (e.g. http://127.0.0.1:11434/v1)',
      });
    }
    if (!env.MOLT_LLM_MODEL) {
      context.addIssue({
        code: 'custom',
        path: ['MOLT_LLM_MODEL'],
        message: `required when MOLT_LLM_PROVIDER is ${provider}`,
      });
    }
    if (provider === 'anthropic' || provider === 'openai') {
      const fallback = PROVIDER_KEY_VARIABLES[provider];
      if (!env.MOLT_LLM_API_KEY && !env[fallback]) {
        context.addIssue({
          code: 'custom',
          path: ['MOLT_LLM_API_KEY'],
          message: `required when MOLT_LLM_PROVIDER is ${provider} (or set ${fallback})`,
        });
      }
    }
  });

interface LlmConfigCommon {
  /** Chunk summaries in flight per compaction. */
  concurrency: number;
  /** Bound of one LLM call, in milliseconds. */
  timeoutMs: number;
}

export type LlmConfig =
  | ({ provider: 'extractive' } & LlmConfigCommon)
  | ({
      provider: Exclude<LlmProviderName, 'extractive'>;
      model: string;
      /** Unset: the provider's own endpoint. Required for `openai-compatible`. */
      baseUrl?: string;
      apiKey?: string;
    } & LlmConfigCommon);

export class LlmConfigError extends Error {
  override name = 'LlmConfigError';
}

export function loadLlmConfig(env: NodeJS.ProcessEnv = process.env): LlmConfig {
  const values = parseEnv(llmConfigSchema, env, (report) => new LlmConfigError(report));
  const common = { concurrency: values.MOLT_LLM_CONCURRENCY, timeoutMs: values.MOLT_LLM_TIMEOUT_MS };
  const provider = values.MOLT_LLM_PROVIDER;
  if (provider === 'extractive') return { provider, ...common };
  const apiKey =
    values.MOLT_LLM_API_KEY ??
    (provider === 'openai-compatible' ? undefined : values[PROVIDER_KEY_VARIABLES[provider]]);
  return {
    provider,
    // superRefine guarantees the model for every provider but extractive.
    model: values.MOLT_LLM_MODEL!,
    ...(values.MOLT_LLM_BASE_URL ? { baseUrl: values.MOLT_LLM_BASE_URL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...common,
  };
}
