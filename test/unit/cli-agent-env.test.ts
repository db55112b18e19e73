/**
 * The agent verbs' quick reading of their environment (cli/agent-env-quick.ts), which spares them
 * loading zod: whatever it accepts, cli/agent-env.ts's schema accepts with the same values, and it
 * accepts the environments agents are given (the default address, a host and port, ids as the API
 * takes them), so the quick path is the one they take.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentEnvSchema } from '../../cli/agent-env.js';
import { quickAgentEnv } from '../../cli/agent-env-quick.js';
import { SCOPE_ID_MAX_LENGTH, SESSION_ID } from '../../context/ids.js';

const defined = (value: object | undefined) =>
  value && Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** Strings near every rule's edge: URLs of every shape, keys, ids of every length and alphabet. */
const anyValue = fc.oneof(
  fc.constant(''),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTP://', 'ftp://', 'http:', 'http:/', ' http://', 'http://\t'),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ':8420', ':0', ':65536', ':99999', '/v1', ' ', '\n', '[', '%zz'),
    )
    .map((parts) => parts.join('')),
  fc.stringMatching(/^[A-Za-z0-9._:@-]{1,12}$/),
  fc
    .integer({ min: SESSION_ID.maxLength - 2, max: SCOPE_ID_MAX_LENGTH + 2 })
    .chain((n) => fc.constantFrom('a'.repeat(n), 'é'.repeat(n), ' '.repeat(n))),
);

const VARIABLES = ['MOLT_API_URL', 'MOLT_API_KEY', 'MOLT_USER_ID', 'MOLT_AGENT_ID', 'MOLT_SESSION_ID'];
const anyEnv = fc.record(Object.fromEntries(VARIABLES.map((name) => [name, anyValue])), {
  requiredKeys: [],
}) as fc.Arbitrary<Record<string, string>>;

/** The environments agents run with. */
const usualEnv = fc.record(
  {
    MOLT_API_URL: fc.oneof(
      fc.constant(''),
      fc
        .tuple(
          fc.constantFrom('http', 'https'),
          fc.constantFrom('127.0.0.1', 'localhost', 'molt', 'molt.example.com', '[::1]'),
          fc.integer({ min: 1, max: 65_535 }),
        )
        .map(([scheme, host, port]) => `${scheme}://${host}:${port}`),
    ),
    MOLT_API_KEY: fc.stringMatching(/^molt_[A-Za-z0-9_-]{20,40}$/),
    MOLT_USER_ID: fc.string({ minLength: 1, maxLength: SCOPE_ID_MAX_LENGTH }),
    MOLT_AGENT_ID: fc.string({ minLength: 1, maxLength: SCOPE_ID_MAX_LENGTH }),
    MOLT_SESSION_ID: fc.stringMatching(/^[A-Za-z0-9._:@-]{1,128}$/),
  },
  { requiredKeys: [] },
);

describe("the agent verbs' quick environment", () => {
  it('accepts nothing zod refuses, and answers what zod answers', () => {
    fc.assert(
      fc.property(anyEnv, (env) => {
        const quick = quickAgentEnv(env);
        if (quick === undefined) return;
        const parsed = agentEnvSchema.safeParse(env);
        expect(parsed.success, JSON.stringify(env)).toBe(true);
        expect(defined(quick)).toEqual(defined(parsed.data));
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes the environments agents are given, without zod', () => {
    fc.assert(
      fc.property(usualEnv, (env) => {
        expect(quickAgentEnv(env), JSON.stringify(env)).toBeDefined();
      }),
    );
  });
});
