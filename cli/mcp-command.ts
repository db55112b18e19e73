/**
 * `molt mcp`: molt's memory as an MCP server on stdio (docs/mcp.md), for Claude Code, Codex CLI,
 * Cursor or any MCP client that starts servers as commands. Configured like the agent CLI
 * (cli/agent-env.ts): MOLT_API_URL and MOLT_API_KEY say where molt is and with which key,
 * MOLT_USER_ID, MOLT_AGENT_ID and MOLT_SESSION_ID whose memories the tools touch. stdout carries
 * only the protocol; anything for a person goes to stderr.
 */
import type { Command } from 'commander';
import { errorText } from '../context/error-text.js';
import { loadAgentEnv } from './agent-env.js';
import { displayUrl } from './display-url.js';

export function registerMcpCommand(program: Command): void {
  program.command('mcp').action(async () => {
    let env: ReturnType<typeof loadAgentEnv>;
    try {
      env = loadAgentEnv();
    } catch (error) {
      console.error(`molt mcp: ${errorText(error)}`);
      process.exit(2);
    }
    const [{ StdioServerTransport }, { createMoltClient }, { createMoltMcpServer }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('../client/index.js'),
      import('../mcp/server.js'),
    ]);
    const client = createMoltClient({
      baseUrl: env.MOLT_API_URL,
      ...(env.MOLT_API_KEY ? { apiKey: env.MOLT_API_KEY } : {}),
      timeoutMs: 30_000,
    });
    const server = createMoltMcpServer({
      client,
      scope: { userId: env.MOLT_USER_ID, agentId: env.MOLT_AGENT_ID, sessionId: env.MOLT_SESSION_ID },
    });
    const transport = new StdioServerTransport();
    // The client closing stdin ends the process once the calls in flight are answered.
    await server.connect(transport);
    console.error(`molt mcp: serving ${displayUrl(env.MOLT_API_URL)} on stdio`);
  });
}
