/**
 * The agent CLI's environment: where molt is and with which key (the operator verbs' own
 * MOLT_API_URL and MOLT_API_KEY, one definition in cli/operator-env.ts), and the scope the agent runs
 * in — MOLT_USER_ID, MOLT_AGENT_ID, MOLT_SESSION_ID, set by whoever starts the agent. No command
 * takes a user from its arguments.
 */
import { z } from 'zod';
import { scopeIdSchema, sessionIdSchema } from '../api/schemas/common.js';
import { emptyAsUndefined, parseEnv } from '../config/env.js';
import { AGENT_CLI_ENV } from '../context/memory/cli-prompt.js';
import { UsageError } from './errors.js';
import { operatorEnvSchema } from './operator-env.js';

export { UsageError } from './errors.js';

export const agentEnvSchema = operatorEnvSchema.extend({
  [AGENT_CLI_ENV.user]: z.preprocess(emptyAsUndefined, scopeIdSchema.optional()),
  [AGENT_CLI_ENV.agent]: z.preprocess(emptyAsUndefined, scopeIdSchema.optional()),
  [AGENT_CLI_ENV.session]: z.preprocess(emptyAsUndefined, sessionIdSchema.optional()),
});

export type AgentEnv = z.infer<typeof operatorEnvSchema> & {
  MOLT_USER_ID?: string | undefined;
  MOLT_AGENT_ID?: string | undefined;
  MOLT_SESSION_ID?: string | undefined;
};

export function loadAgentEnv(env: NodeJS.ProcessEnv = process.env): AgentEnv {
  // The agent reads one line: the first failing variable.
  return parseEnv(agentEnvSchema, env, (_report, [issue]) => {
    return new UsageError(`${issue?.path.join('.')}: ${issue?.message}`);
  }) as AgentEnv;
}
