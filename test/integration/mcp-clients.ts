/**
 * The MCP SDK's own client over molt's two transports (docs/mcp.md), for the MCP tests: over
 * streamable HTTP against `POST /mcp`, and over stdio spawning `bin/molt.mjs mcp`.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';

import type { Json } from './harness.js';

export type { Json };

export const MOLT_BIN = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));

export interface McpHandle {
  client: Client;
  /** A tool's answer: its JSON on success, `{ error }` (the text the model reads) on a tool error. */
  call(name: string, args: Json): Promise<Json>;
  close(): Promise<void>;
}

function handleOf(client: Client): McpHandle {
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
      return result.isError ? { error: text } : (JSON.parse(text) as Json);
    },
    close: () => client.close(),
  };
}

export async function httpMcp(url: string, headers: Record<string, string>): Promise<McpHandle> {
  const client = new Client({ name: 'molt-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return handleOf(client);
}

export async function stdioMcp(env: Record<string, string>): Promise<McpHandle> {
  const client = new Client({ name: 'molt-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [MOLT_BIN, 'mcp'], env, stderr: 'pipe' }),
  );
  return handleOf(client);
}

/** A tool error a model may read: names what is wrong, never SQL, a stack trace or a body. */
export function expectCleanError(answer: Json, mentions: RegExp): void {
  expect(answer.error, JSON.stringify(answer)).toMatch(mentions);
  expect(answer.error).not.toMatch(/\bselect\b|\binsert into\b|\n\s+at |node_modules|\.ts:\d+/i);
}
