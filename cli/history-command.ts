/**
 * `molt history`: with a session id, the operator's Temporal history of its workflow runs
 * (cli/operator.ts); without, the agent's view of its own session (cli/agent-commands.ts). Each
 * branch loads its code when it runs, so the agent's call loads no operator code.
 */
import type { Command } from 'commander';
import { agentCommand, agentCommandHelp } from '../context/memory/cli-prompt.js';

export function registerHistoryCommand(program: Command): void {
  program
    .command('history')
    .argument('[sessionId]')
    .option('--json', 'print JSON even on a terminal')
    .option('--raw', 'with <sessionId>: every event of every run instead of the summary')
    .addHelpText('after', agentCommandHelp(agentCommand('history')))
    .action(async (sessionId: string | undefined, options: { json?: boolean; raw?: boolean }) => {
      if (sessionId === undefined) return (await import('./agent-commands.js')).agentHistory(options);
      return (await import('./operator.js')).operatorHistory(sessionId, options);
    });
}
