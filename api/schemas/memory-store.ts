/**
 * POST /v1/memory-store (docs/langgraph.md): a batch of key-value operations on the store items of
 * one scope, the storage of the LangGraph store (integrations/langgraph). The scope follows the
 * rules of every memory write (api/memory-scope.ts).
 */
import { z } from 'zod';
import { STORE_BATCH_MAX, storeOpSchema } from '../../context/memory/store-items.js';
import { scopeIdSchema, sessionIdSchema } from './common.js';

export const memoryStoreBodySchema = z.strictObject({
  sessionId: sessionIdSchema.optional(),
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  ops: z.array(storeOpSchema).min(1).max(STORE_BATCH_MAX),
});

export const storeItemSchema = z.object({
  namespace: z.array(z.string()),
  key: z.string(),
  value: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  score: z.number().optional(),
});

export const memoryStoreAnswerSchema = z.object({
  results: z.array(
    z.union([
      z.object({ item: storeItemSchema.nullable() }),
      z.object({ items: z.array(storeItemSchema) }),
      z.object({ namespaces: z.array(z.array(z.string())) }),
      z.object({ ok: z.literal(true) }),
    ]),
  ),
});
