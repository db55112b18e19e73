/**
 * The agent verbs' environment without zod (docs/cli.md#start-up). Importing zod costs an agent
 * verb more than the rest of its start-up together, and an agent calls these verbs in a loop, so
 * they ask this first: when every variable is unset or plainly well-formed by the rules in
 * context/ids.ts and cli/molt-address.ts, the values cli/agent-env.ts would answer; otherwise
 * undefined, and the verb loads cli/agent-env.ts (zod), which accepts or says what is wrong. It may
 * refuse what zod accepts (zod then answers), never accept what zod refuses:
 * test/unit/cli-agent-env.test.ts checks that on arbitrary environments.
 */
import { SCOPE_ID_MAX_LENGTH, SESSION_ID } from '../context/ids.js';
import { AGENT_CLI_ENV } from '../context/memory/cli-prompt.js';
import type { AgentEnv } from './agent-env.js';
import { API_KEY_PATTERN, DEFAULT_API_URL } from './molt-address.js';

/** An http(s) URL with nothing zod would trim, strip or read twice (the rest goes to zod). */
const PLAIN_HTTP_URL = /^https?:\/\/[\x21-\x7e]+$/;

const setOrUndefined = (value: string | undefined) => (value === '' ? undefined : value);

const scopeIdOk = (id: string | undefined) =>
  id === undefined || (id.length >= 1 && id.length <= SCOPE_ID_MAX_LENGTH);

const sessionIdOk = (id: string | undefined) =>
  id === undefined || (id.length <= SESSION_ID.maxLength && SESSION_ID.pattern.test(id));

export function quickAgentEnv(env: NodeJS.ProcessEnv = process.env): AgentEnv | undefined {
  const url = setOrUndefined(env[AGENT_CLI_ENV.url]) ?? DEFAULT_API_URL;
  const key = setOrUndefined(env[AGENT_CLI_ENV.key]);
  const user = setOrUndefined(env[AGENT_CLI_ENV.user]);
  const agent = setOrUndefined(env[AGENT_CLI_ENV.agent]);
  const session = setOrUndefined(env[AGENT_CLI_ENV.session]);
  const ok =
    PLAIN_HTTP_URL.test(url) &&
    URL.canParse(url) &&
    (key === undefined || API_KEY_PATTERN.test(key)) &&
    scopeIdOk(user) &&
    scopeIdOk(agent) &&
    sessionIdOk(session);
  if (!ok) return undefined;
  return {
    MOLT_API_URL: url,
    ...(key !== undefined ? { MOLT_API_KEY: key } : {}),
    ...(user !== undefined ? { MOLT_USER_ID: user } : {}),
    ...(agent !== undefined ? { MOLT_AGENT_ID: agent } : {}),
    ...(session !== undefined ? { MOLT_SESSION_ID: session } : {}),
  };
}
