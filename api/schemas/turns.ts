/** zod schema of POST /v1/sessions/{sessionId}/turns' body (docs/api.md#routes); the flow is api/ingest/store-turn.ts. */
import { z } from 'zod';
import { messageFormatSchema } from '../../context/adapters/index.js';
import { scopeIdSchema } from './common.js';
import { sessionSettingsBodySchema } from './settings.js';

/** One turn rarely holds more than a few dozen messages; this bounds a runaway client. */
export const MAX_MESSAGES_PER_TURN = 1_000;

export const turnBodySchema = z.strictObject({
  turnId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  /** Validated against the schema of `format` below (canonical, Anthropic Messages or OpenAI Chat). */
  messages: z.array(z.unknown()).max(MAX_MESSAGES_PER_TURN),
  format: messageFormatSchema.default('openclaw'),
  contextWindowTokens: z.number().int().min(1_000).max(100_000_000).optional(),
  settings: sessionSettingsBodySchema.optional(),
  /** Memory scope (docs/memory.md#the-model): taken on the session's first turn that names it. */
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  usage: z
    .strictObject({
      input: z.number().int().nonnegative().optional(),
      output: z.number().int().nonnegative().optional(),
      cacheRead: z.number().int().nonnegative().optional(),
      cacheWrite: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type TurnBody = z.infer<typeof turnBodySchema>;
