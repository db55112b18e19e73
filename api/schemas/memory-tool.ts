/**
 * POST /v1/memory-tool (docs/anthropic-memory-tool.md): one command of Anthropic's memory tool
 * (`memory_20250818`) as Claude sent it in a `tool_use` block, and the scope it runs in: an agent
 * key names its session (the session's user, agent or the session itself own the files), an
 * operator key names a user, an agent or a session.
 */
import { z } from 'zod';
import { memoryCommandSchema } from '../../context/memory/memory-files.js';
import { scopeIdSchema, sessionIdSchema } from './common.js';

export const memoryToolBodySchema = z.strictObject({
  sessionId: sessionIdSchema.optional(),
  userId: scopeIdSchema.optional(),
  agentId: scopeIdSchema.optional(),
  /** The `tool_use` block's `input`, as Claude sent it. */
  input: memoryCommandSchema,
});

/** What goes back to Claude as the `tool_result`: its text, and whether it is an error. */
export const memoryToolAnswerSchema = z.object({
  content: z.string(),
  isError: z.boolean(),
});
