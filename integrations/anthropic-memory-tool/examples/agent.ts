/**
 * A Claude agent whose memory tool (`memory_20250818`) is answered by molt: the Messages API loop,
 * each `tool_use` of the `memory` tool handed to `handleMemoryToolCall` (client/memory-tool.ts),
 * its result sent back as the `tool_result`.
 *
 *   MOLT_URL=http://127.0.0.1:8420 MOLT_API_KEY=… ANTHROPIC_API_KEY=… npx tsx integrations/anthropic-memory-tool/examples/agent.ts
 *
 * test/integration/memory-tool.test.ts runs `runMemoryAgent` with a scripted model.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createMoltClient, type MoltClient } from '../../../client/index.js';
import { handleMemoryToolCall, MEMORY_TOOL_DEFINITION } from '../../../client/memory-tool.js';

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error: boolean };
export interface MessagesBody {
  model: string;
  max_tokens: number;
  tools: unknown[];
  messages: Array<{ role: 'user' | 'assistant'; content: string | Block[] }>;
}
/** One Messages API call (beta `context-management-2025-06-27`). */
export type CreateMessage = (body: MessagesBody) => Promise<{ content: Block[]; stop_reason: string }>;

export async function runMemoryAgent(options: {
  molt: MoltClient;
  sessionId: string;
  question: string;
  createMessage: CreateMessage;
  model?: string;
}): Promise<string> {
  const messages: MessagesBody['messages'] = [{ role: 'user', content: options.question }];
  for (let step = 0; step < 16; step++) {
    const response = await options.createMessage({
      model: options.model ?? 'claude-sonnet-4-5',
      max_tokens: 2048,
      tools: [MEMORY_TOOL_DEFINITION],
      messages,
    });
    messages.push({ role: 'assistant', content: response.content });
    const uses = response.content.filter(
      (b): b is Extract<Block, { type: 'tool_use' }> =>
        b.type === 'tool_use' && b.name === MEMORY_TOOL_DEFINITION.name,
    );
    if (response.stop_reason !== 'tool_use' || uses.length === 0) {
      return response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    }
    const results: Block[] = [];
    for (const use of uses) {
      const result = await handleMemoryToolCall(options.molt, { sessionId: options.sessionId }, use.input);
      results.push({
        type: 'tool_result',
        tool_use_id: use.id,
        content: result.content,
        is_error: result.isError,
      });
    }
    messages.push({ role: 'user', content: results });
  }
  return '';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const molt = createMoltClient({
    baseUrl: process.env.MOLT_URL ?? 'http://127.0.0.1:8420',
    ...(process.env.MOLT_API_KEY ? { apiKey: process.env.MOLT_API_KEY } : {}),
  });
  const sessionId = process.env.MOLT_SESSION_ID ?? `claude-${randomUUID()}`;
  // The memory tool's files are the session's user's: open the session with its user first.
  await molt.postTurn(sessionId, {
    turnId: 'open',
    userId: process.env.MOLT_USER_ID ?? 'example-user',
    messages: [],
  });
  const createMessage: CreateMessage = async (body) => {
    const response = await fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': process.env.ANTHROPIC_API_KEY ?? '',
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'context-management-2025-06-27',
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`Anthropic answered ${response.status}`);
    return (await response.json()) as { content: Block[]; stop_reason: string };
  };
  console.log(
    await runMemoryAgent({
      molt,
      sessionId,
      createMessage,
      question: process.argv[2] ?? 'What do you remember about my projects?',
    }),
  );
}
