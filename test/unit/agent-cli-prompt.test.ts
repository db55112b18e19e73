/**
 * The memory CLI's system-prompt snippet (context/memory/cli-prompt.ts, served at
 * GET /v1/tools/cli-prompt): it names exactly the commands and options the CLI registers, the
 * memory types and the environment the CLI reads, stays small, and is the same text every time.
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { listing, registerAgentCommands } from '../../cli/agent-commands.js';
import { agentEnvSchema } from '../../cli/agent-env.js';
import { registerHistoryCommand } from '../../cli/history-command.js';
import { registerOperatorCommands } from '../../cli/operator.js';
import { AGENT_CLI_ENV, AGENT_COMMANDS, agentCliPrompt } from '../../context/memory/cli-prompt.js';
import { MEMORY_TYPES } from '../../context/memory/types.js';
import { estimateTextTokens } from '../../context/tokens/index.js';

function program(): Command {
  const root = new Command('molt');
  registerOperatorCommands(root);
  registerHistoryCommand(root);
  registerAgentCommands(root);
  return root;
}

/** `--flag` names in a usage line. */
const flagsOf = (usage: string) => [...usage.matchAll(/--[a-z-]+/g)].map((m) => m[0]).sort();

describe('the agent CLI prompt', () => {
  const prompt = agentCliPrompt();

  it('is the same text on every call, in its own tags', () => {
    expect(agentCliPrompt()).toBe(prompt);
    expect(prompt.startsWith('<molt-memory-cli>\n')).toBe(true);
    expect(prompt.endsWith('\n</molt-memory-cli>')).toBe(true);
    expect(prompt.match(/<\/?molt-memory-cli>/g)).toHaveLength(2);
  });

  it('describes exactly the commands and options the CLI registers', () => {
    const root = program();
    for (const spec of AGENT_COMMANDS) {
      expect(prompt).toContain(`- ${spec.usage}\n`);
      const command = root.commands.find((c) => c.name() === spec.name);
      expect(command, spec.name).toBeDefined();
      // `--raw` belongs to the operator's `molt history <sessionId>` (every Temporal event).
      const operatorOnly = new Set(['--json', ...(spec.name === 'history' ? ['--raw'] : [])]);
      const registered = command!.options.map((o) => o.long!).filter((flag) => !operatorOnly.has(flag));
      expect(registered.sort(), spec.name).toEqual(flagsOf(spec.usage));
      // No command takes a user from its arguments: the scope is the environment's.
      expect(registered.some((flag) => /user/.test(flag))).toBe(false);
    }
    expect(AGENT_COMMANDS.map((c) => c.name)).toEqual(['remember', 'search', 'ls', 'history', 'expand']);
  });

  it('names every memory type and the environment the CLI reads', () => {
    expect(prompt).toContain(`Types: ${MEMORY_TYPES.join(', ')}.`);
    const envKeys = Object.keys(agentEnvSchema.shape);
    for (const name of Object.values(AGENT_CLI_ENV)) expect(envKeys).toContain(name);
    for (const name of [AGENT_CLI_ENV.user, AGENT_CLI_ENV.session, AGENT_CLI_ENV.key])
      expect(prompt).toContain(name);
  });

  it('stays small enough for a static system prompt', () => {
    expect(estimateTextTokens(prompt)).toBeLessThan(800);
  });
});

describe('molt ls listing', () => {
  it('groups memories by type in MEMORY_TYPES order, counting categories, newest three shown', () => {
    const memory = (id: string, type: string, category: string | null) => ({
      id,
      type,
      category,
      content: `content ${id}`,
      abstract: '',
    });
    const list = listing(
      [
        memory('a', 'decision', 'db'),
        memory('b', 'preference', 'ui'),
        memory('c', 'decision', 'db'),
        memory('d', 'decision', null),
        memory('e', 'decision', 'api'),
      ],
      { userId: 'alice', agentId: null },
      false,
    );
    expect(list.total).toBe(5);
    expect(list.directories.map((d) => [d.path, d.count])).toEqual([
      ['memories/preference/', 1],
      ['memories/decision/', 4],
    ]);
    expect(list.directories[1]!.categories).toEqual({ db: 2, api: 1 });
    expect(list.directories[1]!.newest.map((m) => m.id)).toEqual(['a', 'c', 'd']);
    expect('truncated' in list).toBe(false);
  });
});
