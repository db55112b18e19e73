/**
 * `molt keys create|bootstrap|list|revoke` (docs/security.md#api-keys).
 *
 * `list` and `revoke` ask the API with an operator key (GET /v1/keys, DELETE /v1/keys/{keyId}).
 * `create` asks the API too (POST /v1/keys) when a `molt dev` runs on this data directory: that
 * process holds the embedded PGlite, and its API creates the key without a restart (open while no
 * key exists, then with an operator key in MOLT_API_KEY). Otherwise — PostgreSQL (DATABASE_URL), or
 * no molt running — it writes to the database directly, which is how the very first key of a
 * deployment is made. `bootstrap` always writes to the database (compose's one-shot molt-init).
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { apiKeyListSchema, createdApiKeySchema } from '../api/schemas/keys.js';
import { answerOf } from '../client/index.js';
import { API_KEY_ROLES, type ApiKeyRole } from '../context/api-key-roles.js';
import { isTenantId } from '../context/session/ids.js';
import { loadConfig } from './config.js';
import { runningDev } from './dev-marker.js';
import { ConfigError } from './errors.js';
import { formatTable, formatTimestamp } from './format.js';
import {
  createOperatorClient,
  expectAnswer,
  jsonOption,
  type OutputOptions,
  print,
} from './operator-client.js';
import { loadOperatorEnv } from './operator-env.js';

type KeyList = z.infer<typeof apiKeyListSchema>;

export function renderKeyList(list: KeyList): string {
  if (list.items.length === 0) return 'no API keys';
  return formatTable<KeyList['items'][number]>(
    [
      { header: 'KEY ID', value: (k) => k.id },
      { header: 'ROLE', value: (k) => k.role },
      { header: 'AGENT', value: (k) => k.agentId ?? '—' },
      { header: 'NAME', value: (k) => k.name },
      { header: 'CREATED (UTC)', value: (k) => formatTimestamp(k.createdAt) },
      { header: 'REVOKED (UTC)', value: (k) => (k.revokedAt ? formatTimestamp(k.revokedAt) : '—') },
    ],
    list.items,
  );
}

interface CreateOptions {
  tenant: string;
  role: string;
  name?: string;
  agent?: string;
}

/** The create options, checked before anything is asked or written. */
function checkCreate(options: CreateOptions): { role: ApiKeyRole } {
  const role = API_KEY_ROLES.find((r) => r === options.role);
  if (!role) throw new ConfigError(`--role: must be one of ${API_KEY_ROLES.join(', ')}`);
  if (!isTenantId(options.tenant)) throw new ConfigError('--tenant: letters, digits, . _ - only, at most 64');
  if (
    options.agent !== undefined &&
    (role !== 'agent' || options.agent.length === 0 || options.agent.length > 200)
  ) {
    throw new ConfigError('--agent: 1 to 200 characters, for an agent key only');
  }
  if (options.name !== undefined && (options.name.trim().length === 0 || options.name.length > 200)) {
    throw new ConfigError('--name: 1 to 200 characters');
  }
  return { role };
}

/** Through the running `molt dev`'s API (POST /v1/keys), with MOLT_API_KEY if one is set. */
async function createThroughApi(apiUrl: string, options: CreateOptions, role: ApiKeyRole) {
  const env = loadOperatorEnv({ ...process.env, MOLT_API_URL: apiUrl });
  const c = createOperatorClient(env);
  const body = await c.answer(
    c.molt.api
      .POST('/v1/keys', {
        body: {
          role,
          tenantId: options.tenant,
          ...(options.name !== undefined ? { name: options.name } : {}),
          ...(options.agent !== undefined ? { agentId: options.agent } : {}),
        },
      })
      .then(answerOf),
  );
  return expectAnswer(createdApiKeySchema, body, 'POST /v1/keys');
}

async function createInDatabase(options: CreateOptions, role: ApiKeyRole) {
  const [{ createApiKey }, { openConfiguredDatabase }] = await Promise.all([
    import('../db/api-keys.js'),
    import('./stack.js'),
  ]);
  const database = await openConfiguredDatabase(loadConfig());
  try {
    return await createApiKey(database.db, {
      tenantId: options.tenant,
      role,
      ...(options.name ? { name: options.name } : {}),
      ...(options.agent !== undefined ? { agentId: options.agent } : {}),
    });
  } finally {
    await database.close();
  }
}

export function registerKeyCommands(program: Command): void {
  const keys = program.commands.find((c) => c.name() === 'keys') ?? program.command('keys');
  keys
    .command('create')
    .description(
      'create an API key and print it once (through a `molt dev` running on MOLT_DATA_DIR, else in the ' +
        'database: DATABASE_URL or the embedded PGlite)',
    )
    .requiredOption('--tenant <id>', 'the tenant the key belongs to (created if new)')
    .option('--role <role>', 'agent or operator', 'agent')
    .option('--name <name>', 'a label for operators')
    .option(
      '--agent <id>',
      "bind an agent key to one agent: it touches only that agent's sessions and memories",
    )
    .action(async (options: CreateOptions) => {
      const { role } = checkCreate(options);
      const config = loadConfig();
      const dev = config.DATABASE_URL ? undefined : runningDev(config.MOLT_DATA_DIR);
      if (dev) {
        const created = await createThroughApi(dev.apiUrl, options, role);
        console.log(created.key);
        console.error(
          `molt: ${role} key ${created.id} for tenant ${created.tenantId}, created by the molt dev at ${dev.apiUrl} (process ${dev.pid}); it is shown only now`,
        );
        return;
      }
      const created = await createInDatabase(options, role);
      console.log(created.key);
      console.error(`molt: ${role} key ${created.id} for tenant ${options.tenant}; it is shown only now`);
    });

  keys
    .command('bootstrap')
    .description(
      "while no API key exists: create the tenant's operator key and print it once (compose's molt-init); " +
        'otherwise create nothing',
    )
    .requiredOption('--tenant <id>', 'the tenant of the first key (created if new)')
    .action(async (options: { tenant: string }) => {
      if (!isTenantId(options.tenant))
        throw new ConfigError('--tenant: letters, digits, . _ - only, at most 64');
      const { countApiKeys, createApiKey } = await import('../db/api-keys.js');
      const config = loadConfig();
      const { openConfiguredDatabase } = await import('./stack.js');
      const database = await openConfiguredDatabase(config);
      try {
        if ((await countApiKeys(database.db)) > 0) {
          console.error('molt: API keys exist already; none created (molt keys create makes more)');
          return;
        }
        const created = await createApiKey(database.db, {
          tenantId: options.tenant,
          role: 'operator',
          name: 'first operator key',
        });
        console.log(
          `molt: the first operator key of tenant ${options.tenant}, shown only now:\n\n  ${created.key}\n`,
        );
        console.log(
          'Set MOLT_API_KEY to it for the operator commands (molt sessions list, molt keys list…).',
        );
      } finally {
        await database.close();
      }
    });

  keys
    .command('list')
    .description("the tenant's API keys, newest first, without the keys themselves (operator key)")
    .addOption(jsonOption())
    .action(async (options: OutputOptions) => {
      const c = createOperatorClient(loadOperatorEnv());
      const body = await c.answer(c.molt.api.GET('/v1/keys').then(answerOf));
      print(body, options, apiKeyListSchema, 'GET /v1/keys', renderKeyList);
    });
  keys
    .command('revoke')
    .description('revoke an API key: it stops authenticating at once (operator key)')
    .argument('<keyId>', 'the KEY ID column of `molt keys list`')
    .addOption(jsonOption())
    .action(async (keyId: string, options: OutputOptions) => {
      const c = createOperatorClient(loadOperatorEnv());
      const params = { path: { keyId } };
      const body = await c.answer(c.molt.api.DELETE('/v1/keys/{keyId}', { params }).then(answerOf));
      print(
        body,
        options,
        z.object({ id: z.string(), revoked: z.boolean() }),
        'DELETE /v1/keys/{keyId}',
        (r) => (r.revoked ? `key ${r.id} revoked` : `key ${r.id} not revoked`),
      );
    });
}
