/**
 * Anthropic's client-side memory tool (`memory_20250818`) answered by molt
 * (docs/anthropic-memory-tool.md): hand each `tool_use` block Claude sends for the `memory` tool
 * to `handleMemoryToolCall`, and send back what it returns as the `tool_result`.
 *
 *   const molt = createMoltClient({ baseUrl, apiKey });
 *   const result = await handleMemoryToolCall(molt, { sessionId }, block.input);
 *   toolResults.push({ type: 'tool_result', tool_use_id: block.id, content: result.content, is_error: result.isError });
 *
 * The files live in molt's memories (`POST /v1/memory-tool`), in the scope of the key and the
 * session (or, with an operator key, the user or agent named). Never throws: an input molt
 * refuses, or molt being unreachable, is an error result the model reads.
 */
import { answerOf, MoltApiError, type MoltClient } from './index.js';

/** The tool definition to pass in `tools` of a Messages API call (beta `context-management-2025-06-27`). */
export const MEMORY_TOOL_DEFINITION = { type: 'memory_20250818', name: 'memory' } as const;

/** Whose files: an agent key names its session; an operator key may name a user or agent instead. */
export interface MemoryToolScope {
  sessionId?: string;
  userId?: string;
  agentId?: string;
}

export interface MemoryToolResult {
  /** The `tool_result`'s text. */
  content: string;
  /** The `tool_result`'s `is_error`. */
  isError: boolean;
}

export async function handleMemoryToolCall(
  client: MoltClient,
  scope: MemoryToolScope,
  input: unknown,
): Promise<MemoryToolResult> {
  try {
    const result = await client.api.POST('/v1/memory-tool', {
      body: { ...scope, input: input as never },
    });
    return answerOf<MemoryToolResult>(result);
  } catch (error) {
    if (error instanceof MoltApiError) {
      if (error.status === 0) {
        return { content: `Error: the memory store is unavailable (${error.message})`, isError: true };
      }
      return { content: `Error: ${error.message}`, isError: true };
    }
    return { content: 'Error: the memory store could not complete the call', isError: true };
  }
}
