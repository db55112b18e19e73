/**
 * Configuration from the environment (docs/api.md#configuration), validated once at start-up. An invalid
 * value stops the process with a message naming the variable.
 */
import { z } from 'zod';
import {
  DEFAULT_CONTEXT_WINDOW_TOKENS,
  DEFAULT_KEY_CONCURRENCY,
  DEFAULT_MEMORY_CONCURRENCY,
  DEFAULT_MEMORY_IDLE_MS,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_REQUIRE_CONTEXT_WINDOW,
  DEFAULT_TEMPORAL_UI_URL,
  DEFAULT_TOKEN_COUNTER_MODE,
  DEFAULT_WORKFLOW_CACHE_MB,
  MAX_MEMORY_CONCURRENCY,
} from '../config/defaults.js';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { DEFAULT_PROMPT_MAX_TOKENS } from '../context/memory/prompt.js';
import { RECALL_DEFAULTS } from '../context/memory/recall.js';
import { ConfigError } from './errors.js';
import { LOG_FORMATS, REQUEST_LOGS } from './log-settings.js';

const port = z.coerce.number().int().min(0).max(65_535);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

export const configSchema = z.object({
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  TEMPORAL_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^\s:/]+:\d+$/, 'must be host:port')
      .optional(),
  ),
  TEMPORAL_NAMESPACE: z.preprocess(emptyAsUndefined, z.string().min(1).default('default')),
  TEMPORAL_TASK_QUEUE: z.preprocess(emptyAsUndefined, z.string().min(1).default('molt')),
  TEMPORAL_CLI_PATH: optionalString,
  /** The Temporal Web UI workflow histories link to (none by default; `molt dev` links its own). */
  MOLT_TEMPORAL_UI_URL: z.preprocess(
    (value) => emptyAsUndefined(value) ?? DEFAULT_TEMPORAL_UI_URL,
    z
      .string()
      .url()
      .refine((url) => /^https?:\/\//.test(url), 'an http(s) URL')
      .optional(),
  ),
  MOLT_API_HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  MOLT_API_PORT: z.preprocess(emptyAsUndefined, port.default(8420)),
  MOLT_DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('.molt')),
  MOLT_LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** `auto` (pretty for `molt dev` on a terminal, else JSON), `json` or `pretty` (cli/log.ts). */
  MOLT_LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(LOG_FORMATS).default('auto')),
  /** `all`, `errors` or `off`; unset: `errors` when the log is pretty, `all` when JSON (cli/log.ts). */
  MOLT_LOG_REQUESTS: z.preprocess(emptyAsUndefined, z.enum(REQUEST_LOGS).optional()),
  MOLT_DEFAULT_CONTEXT_WINDOW: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1_000).default(DEFAULT_CONTEXT_WINDOW_TOKENS),
  ),
  /** A turn without contextWindowTokens: `false` stores it with a warning, `true` answers 400. */
  MOLT_REQUIRE_CONTEXT_WINDOW: z.preprocess(
    emptyAsUndefined,
    z.stringbool().default(DEFAULT_REQUIRE_CONTEXT_WINDOW),
  ),
  MOLT_WORKFLOW_BUNDLE: optionalString,
  /** `estimate` (molt's fast estimator) or `exact` (o200k itself); the API and workers must agree. */
  MOLT_TOKEN_COUNTER: z.preprocess(
    emptyAsUndefined,
    z.enum(['estimate', 'exact']).default(DEFAULT_TOKEN_COUNTER_MODE),
  ),
  /** Requests a minute per API key on /v1; 0 turns the limit off. */
  MOLT_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  ),
  MOLT_AUTH_FAILURES_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(60)),
  /** Requests of one API key in flight at once per API process; more get 429. 0 turns the bound off. */
  MOLT_KEY_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(1_000).default(DEFAULT_KEY_CONCURRENCY),
  ),
  /** A session idle this long extracts its unextracted tail into memories (ms). */
  MOLT_MEMORY_IDLE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1_000).default(DEFAULT_MEMORY_IDLE_MS),
  ),
  /** `extractive` (offline rules, default) or `llm` (the configured MOLT_LLM_* model). */
  MOLT_MEMORY_EXTRACTOR: z.preprocess(emptyAsUndefined, z.enum(['extractive', 'llm']).default('extractive')),
  /** Memory extractions running their extractor at once per worker. */
  MOLT_MEMORY_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(MAX_MEMORY_CONCURRENCY).default(DEFAULT_MEMORY_CONCURRENCY),
  ),
  /** MB of a worker's memory for its cache of workflows; the cache's size is derived from it. */
  MOLT_WORKFLOW_CACHE_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(DEFAULT_WORKFLOW_CACHE_MB),
  ),
  /** Workflows a worker keeps cached, overriding the size derived from MOLT_WORKFLOW_CACHE_MB (0: none). */
  MOLT_WORKFLOW_CACHE_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).optional()),
  /** host:port where the worker serves the Temporal SDK's metrics for Prometheus (off when unset). */
  MOLT_TEMPORAL_METRICS_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^\s:/]+:\d+$/, 'must be host:port')
      .optional(),
  ),
  /** A memory scoring below this is not recalled into the context (0–1.5; docs/memory.md#recall). */
  MOLT_RECALL_MIN_SCORE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0).max(1.5).default(RECALL_DEFAULTS.minScore),
  ),
  /** Token cap of the recalled memories injected per context call. */
  MOLT_RECALL_MAX_TOKENS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(50).default(RECALL_DEFAULTS.maxTokens),
  ),
  /** Token cap of the system-prompt addition (profile, tool memories, overview). */
  MOLT_MEMORY_PROMPT_MAX_TOKENS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(50).default(DEFAULT_PROMPT_MAX_TOKENS),
  ),
  /** Creates an operator key for the `default` tenant at start-up if it does not exist. */
  MOLT_BOOTSTRAP_API_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
});

export type MoltConfig = z.infer<typeof configSchema>;

export { ConfigError } from './errors.js';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): MoltConfig {
  return parseEnv(configSchema, env, (report) => new ConfigError(report));
}
