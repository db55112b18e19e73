/**
 * `molt working-memory <session>`: the summary in force as the agent receives it, with the
 * working memory's counts and the items its bounds archived (docs/working-memory.md).
 */
import type { Command } from 'commander';
import { type WorkingMemoryAnswer, workingMemoryAnswerSchema } from '../api/schemas/compactions.js';
import { formatFields, indent } from './format.js';
import { jsonOption, type OperatorClient, type OutputOptions, print } from './operator-client.js';

export function renderWorkingMemory(answer: WorkingMemoryAnswer): string {
  const memory = answer.workingMemory;
  const fields: Array<readonly [string, string]> = [
    ['Session', answer.sessionId],
    ['Compaction', answer.compactionId ?? '— (no compaction yet)'],
    ['Tokens', `${answer.tokens ?? 0} of a ${answer.budgetTokens}-token budget`],
  ];
  if (memory) fields.push(['Folded', `${memory.compactions} compactions, through seq ${memory.throughSeq}`]);
  const parts = [formatFields(fields)];
  if (answer.text) parts.push(`Summary in force\n${indent(answer.text)}`);
  if (memory) {
    const archived: Array<[string, { items: string[]; count: number }]> = [
      ['Archived modified files', memory.archived.filesModified],
      ['Archived open TODOs', memory.archived.todosOpen],
      ['Archived identifiers', memory.archived.identifiers],
    ];
    for (const [title, archive] of archived) {
      if (archive.count === 0) continue;
      const older = archive.count - archive.items.length;
      const note = older > 0 ? `\n  (and ${older} older ones no longer stored)` : '';
      parts.push(`${title} (${archive.count}, oldest first)\n${indent(archive.items.join('\n'))}${note}`);
    }
  } else if (answer.text) {
    parts.push('(this summary was written before the working memory existed)');
  }
  return parts.join('\n\n');
}

export function registerWorkingMemoryCommand(program: Command, client: () => OperatorClient): void {
  program
    .command('working-memory')
    .argument('<sessionId>')
    .addOption(jsonOption())
    .action(async (sessionId: string, options: OutputOptions) => {
      const body = await client().get(`/v1/sessions/${encodeURIComponent(sessionId)}/working-memory`);
      print(
        body,
        options,
        workingMemoryAnswerSchema,
        'GET /v1/sessions/{sessionId}/working-memory',
        renderWorkingMemory,
      );
    });
}
