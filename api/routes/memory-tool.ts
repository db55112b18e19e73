/**
 * POST /v1/memory-tool: Anthropic's client-side memory tool (`memory_20250818`) executed against
 * the caller's memories (docs/anthropic-memory-tool.md). The scope follows the memory rules of
 * every write (api/memory-scope.ts): an agent key works in its session's scope and cannot name
 * another; a file is a memory of the tool's type in that scope. A command the files refuse (a
 * missing path, an ambiguous `old_str`, a path outside /memories) answers 200 with
 * `isError: true` and Anthropic's documented text: it is the model's answer, not an HTTP failure.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMORY_FILE_TYPE } from '../../context/memory/memory-files.js';
import { runMemoryCommand } from '../../db/memory/memory-files.js';
import { startEmbedding } from '../control/memory-embedding.js';
import type { ApiDeps } from '../deps.js';
import { commitScopeOf } from '../memory/memory-scope.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import { memoryToolAnswerSchema, memoryToolBodySchema } from '../schemas/memory-tool.js';

export function memoryToolRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/memory-tool',
      {
        schema: {
          summary: "Run one command of Anthropic's memory tool",
          description:
            "`input` is the `tool_use` block's input (`view`, `create`, `str_replace`, `insert`, `delete`, `rename` over paths under `/memories`); the answer's `content` and `isError` are the `tool_result` to send back. Files are memories keyed by their path in the caller's scope.",
          body: memoryToolBodySchema,
          response: { 200: memoryToolAnswerSchema, ...errorResponses(403, 404, ...BODY_ERRORS) },
        },
      },
      async (request) => {
        const { input, ...scopeRequest } = request.body;
        const scope = await commitScopeOf(deps.db, request.auth, { ...scopeRequest, type: MEMORY_FILE_TYPE });
        const outcome = await runMemoryCommand(deps.db, scope, input, scopeRequest.sessionId ?? null);
        if (outcome.written.length > 0) {
          startEmbedding(
            deps,
            { memoryIds: outcome.written },
            `memory-tool:${outcome.written[0]}`,
            request.log,
          );
        }
        return { content: outcome.text, isError: outcome.isError };
      },
    );
  };
}
