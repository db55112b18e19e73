/**
 * Request bodies Swagger shows and "Try it out" sends: what an agent really posts, each valid
 * against its route's schema (test/unit/openapi-docs.test.ts posts every one to the API's
 * validation). Keyed like api/schemas/openapi-operations.ts.
 */
export const OPERATION_EXAMPLES: Record<string, unknown> = {
  'POST /v1/sessions/:sessionId/turns': {
    turnId: 'turn-0007',
    format: 'openclaw',
    contextWindowTokens: 200_000,
    userId: 'user-42',
    agentId: 'coding-agent',
    messages: [
      { role: 'user', content: 'The tests in api/routes fail since the upgrade. Can you look?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me run them first.' },
          { type: 'toolCall', id: 'call_1', name: 'bash', arguments: { command: 'npm test -- api/routes' } },
        ],
        stopReason: 'toolUse',
        usage: { input: 18_240, output: 96, cacheRead: 15_000 },
      },
      {
        role: 'toolResult',
        toolCallId: 'call_1',
        toolName: 'bash',
        content: [{ type: 'text', text: 'FAIL api/routes/turns.test.ts\n  expected 202, got 400' }],
        isError: true,
      },
      {
        role: 'assistant',
        content: 'The turn schema rejects the new field; I will add it to turnBodySchema.',
      },
    ],
  },
  'POST /v1/sessions/:sessionId/overflow': {
    attemptId: 'attempt-0007-1',
    error: { message: 'prompt is too long: 212044 tokens > 200000 maximum', status: 400 },
    autoCompacted: false,
  },
  'POST /v1/sessions/:sessionId/compact': {
    instructions: 'Keep the failing test names and the files touched.',
  },
  'POST /v1/memories': {
    content: 'Prefers pnpm over npm in every project.',
    type: 'preference',
    userId: 'user-42',
    key: 'package-manager',
  },
  'POST /v1/memories/search': { query: 'which package manager does the user like', sessionId: 'my-session' },
  'POST /v1/keys': { role: 'agent', name: 'support bot', agentId: 'support-bot' },
};
