/**
 * `molt keys list` and `molt keys revoke <keyId>` (operators, through the API: GET /v1/keys,
 * DELETE /v1/keys/{keyId}). `molt keys create` (cli/main.ts) writes to the database directly,
 * since the first key has no key to ask the API with.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { apiKeyListSchema } from '../api/routes/keys.js';
import { answerOf } from '../client/index.js';
import { formatTable, formatTimestamp } from './format.js';
import { jsonOption, type OperatorClient, type OutputOptions, print } from './operator-client.js';

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

export function registerKeyCommands(program: Command, client: () => OperatorClient): void {
  const keys = program.commands.find((c) => c.name() === 'keys') ?? program.command('keys');
  keys
    .command('list')
    .description("the tenant's API keys, newest first, without the keys themselves (operator key)")
    .addOption(jsonOption())
    .action(async (options: OutputOptions) => {
      const c = client();
      const body = await c.answer(c.molt.api.GET('/v1/keys').then(answerOf));
      print(body, options, apiKeyListSchema, 'GET /v1/keys', renderKeyList);
    });
  keys
    .command('revoke')
    .description('revoke an API key: it stops authenticating at once (operator key)')
    .argument('<keyId>', 'the KEY ID column of `molt keys list`')
    .addOption(jsonOption())
    .action(async (keyId: string, options: OutputOptions) => {
      const c = client();
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
