/**
 * The embedding model (docs/recall-and-updates.md): configured by MOLT_EMBEDDINGS_PROVIDER
 * (`local`, the default: an offline model shipped in an npm package, llm/local-embeddings.ts;
 * `none`: no vectors, lexical recall only; `openai-compatible`, which also covers Ollama,
 * llama.cpp, TEI and vLLM; `openai`), MOLT_EMBEDDINGS_BASE_URL, MOLT_EMBEDDINGS_MODEL,
 * MOLT_EMBEDDINGS_API_KEY and MOLT_EMBEDDINGS_LOCAL_CPU_SHARE, validated at start-up like the LLM
 * settings. A remote provider's calls go through the AI SDK's `embedMany` with no
 * SDK retries (the embedding activity's retry policy owns them) and a timeout of our own; every
 * vector comes back unit length, so a dot product is the cosine.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type EmbeddingModel, embedMany } from 'ai';
import { z } from 'zod';
import { DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE, MIN_LOCAL_EMBEDDINGS_CPU_SHARE } from '../config/defaults.js';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { createLocalEmbedder, LOCAL_EMBEDDINGS_MODEL } from './local-embeddings.js';

export const EMBEDDINGS_PROVIDERS = ['local', 'none', 'openai-compatible', 'openai'] as const;
/** One embedding call (a batch of memories, or one query). */
export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 30_000;

export const embeddingsConfigSchema = z
  .object({
    MOLT_EMBEDDINGS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(EMBEDDINGS_PROVIDERS).default('local')),
    MOLT_EMBEDDINGS_BASE_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    MOLT_EMBEDDINGS_MODEL: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
    MOLT_EMBEDDINGS_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    MOLT_EMBEDDINGS_LOCAL_CPU_SHARE: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number()
        .min(MIN_LOCAL_EMBEDDINGS_CPU_SHARE)
        .max(1)
        .default(DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE),
    ),
  })
  .superRefine((env, ctx) => {
    const provider = env.MOLT_EMBEDDINGS_PROVIDER;
    if (provider === 'none') return;
    if (provider === 'local') {
      if (env.MOLT_EMBEDDINGS_MODEL && env.MOLT_EMBEDDINGS_MODEL !== LOCAL_EMBEDDINGS_MODEL) {
        ctx.addIssue({
          code: 'custom',
          path: ['MOLT_EMBEDDINGS_MODEL'],
          message: `the local provider has one model, ${LOCAL_EMBEDDINGS_MODEL} (leave it unset); for another model set MOLT_EMBEDDINGS_PROVIDER`,
        });
      }
      return;
    }
    if (provider === 'openai-compatible' && !env.MOLT_EMBEDDINGS_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MOLT_EMBEDDINGS_BASE_URL'],
        message:
          'required when MOLT_EMBEDDINGS_PROVIDER is openai-compatible (e.g. http://127.0.0.1:11434/v1)',
      });
    }
    if (!env.MOLT_EMBEDDINGS_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MOLT_EMBEDDINGS_MODEL'],
        message: `required when MOLT_EMBEDDINGS_PROVIDER is ${provider}`,
      });
    }
    if (provider === 'openai' && !env.MOLT_EMBEDDINGS_API_KEY && !env.OPENAI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MOLT_EMBEDDINGS_API_KEY'],
        message: 'required when MOLT_EMBEDDINGS_PROVIDER is openai (or set OPENAI_API_KEY)',
      });
    }
  });

export type EmbeddingsConfig =
  | { provider: 'none' }
  | { provider: 'local'; cpuShare: number }
  | { provider: 'openai-compatible' | 'openai'; model: string; baseUrl?: string; apiKey?: string };

export class EmbeddingsConfigError extends Error {
  override name = 'EmbeddingsConfigError';
}

export function loadEmbeddingsConfig(env: NodeJS.ProcessEnv = process.env): EmbeddingsConfig {
  const values = parseEnv(embeddingsConfigSchema, env, (report) => new EmbeddingsConfigError(report));
  if (values.MOLT_EMBEDDINGS_PROVIDER === 'none') return { provider: 'none' };
  if (values.MOLT_EMBEDDINGS_PROVIDER === 'local')
    return { provider: 'local', cpuShare: values.MOLT_EMBEDDINGS_LOCAL_CPU_SHARE };
  const apiKey =
    values.MOLT_EMBEDDINGS_API_KEY ??
    (values.MOLT_EMBEDDINGS_PROVIDER === 'openai' ? values.OPENAI_API_KEY : undefined);
  return {
    provider: values.MOLT_EMBEDDINGS_PROVIDER,
    model: values.MOLT_EMBEDDINGS_MODEL!,
    ...(values.MOLT_EMBEDDINGS_BASE_URL ? { baseUrl: values.MOLT_EMBEDDINGS_BASE_URL } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

export interface EmbedOptions {
  /** A remote call's deadline. */
  timeoutMs?: number;
  /**
   * `query`: a vector someone is waiting for (recall on a request's path); `background` (the
   * default): the embedding activities. The local model serves queries first and bounds the CPU of
   * background work; a remote provider treats both alike.
   */
  priority?: 'query' | 'background';
}

/**
 * Embeds texts, one unit-length vector per text, in order; `id` (provider:model) is stored with
 * every vector. `warm` (optional) starts loading a model ahead of its first call.
 */
export interface Embedder {
  readonly id: string;
  /**
   * The model's relevance floor: a vector match below this cosine is not a match. Cosines are on
   * a different scale for each model; absent, recall uses FUSION_DEFAULTS.minCosine.
   */
  readonly minCosine?: number;
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  warm?(): void;
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i]! * values[i]!;
  norm = Math.sqrt(norm);
  const out = new Float32Array(values.length);
  if (norm === 0 || !Number.isFinite(norm)) return out;
  for (let i = 0; i < values.length; i++) out[i] = values[i]! / norm;
  return out;
}

/** The configured embedder, or null for `none` (recall is lexical). */
export function createEmbedder(
  config: EmbeddingsConfig,
  options: { fetch?: typeof globalThis.fetch } = {},
): Embedder | null {
  if (config.provider === 'none') return null;
  if (config.provider === 'local') {
    const local = createLocalEmbedder({ cpuShare: config.cpuShare });
    return {
      id: local.id,
      minCosine: local.minCosine,
      warm: local.warm,
      async embed(texts, embedOptions) {
        return (await local.embed(texts, embedOptions)).map((v) => unitVector(v));
      },
    };
  }
  const common = {
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const model: EmbeddingModel<string> =
    config.provider === 'openai'
      ? createOpenAI({
          ...common,
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        }).textEmbeddingModel(config.model)
      : createOpenAICompatible({
          name: 'openai-compatible',
          ...common,
          baseURL: config.baseUrl!,
        }).textEmbeddingModel(config.model);
  const id = `${config.provider}:${config.model}`;
  return {
    id,
    async embed(texts, { timeoutMs = DEFAULT_EMBEDDINGS_TIMEOUT_MS } = {}) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({
        model,
        values: [...texts],
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      if (embeddings.length !== texts.length)
        throw new Error(`${id} answered ${embeddings.length} vectors for ${texts.length} texts`);
      const dims = embeddings[0]?.length ?? 0;
      if (dims === 0 || embeddings.some((e) => e.length !== dims))
        throw new Error(`${id} answered vectors of mixed or zero dimension`);
      return embeddings.map(unitVector);
    },
  };
}
