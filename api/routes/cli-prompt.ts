/**
 * GET /v1/tools/cli-prompt — the system-prompt snippet that teaches an agent molt's memory CLI
 * (`molt remember|search|ls|history`, context/memory/cli-prompt.ts), next to `GET /v1/tools` (the
 * same memory as function-calling tools): a plugin injects one or the other. The same text on
 * every call, so it can sit in a prompt cache's static prefix.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGENT_CLI_ENV, AGENT_COMMANDS, agentCliPrompt } from '../../context/memory/cli-prompt.js';
import { errorResponses } from '../schemas/common.js';

export const cliPromptSchema = z.object({
  /** The snippet to put in the agent's system prompt (static part). */
  prompt: z.string(),
  commands: z.array(z.object({ name: z.string(), usage: z.string(), summary: z.string() })),
  /** The environment variables the CLI reads its address, key and scope from. */
  env: z.array(z.string()),
});

export function cliPromptRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/tools/cli-prompt',
      { schema: { response: { 200: cliPromptSchema, ...errorResponses() } } },
      async () => ({
        prompt: agentCliPrompt(),
        commands: AGENT_COMMANDS.map(({ name, usage, summary }) => ({ name, usage, summary })),
        env: Object.values(AGENT_CLI_ENV),
      }),
    );
  };
}
