/**
 * An AI SDK agent on molt: two questions in one session, the whole history passed each time (the
 * middleware posts only what molt has not seen), molt's memory tools beside the agent's own.
 *
 *   MOLT_URL=http://127.0.0.1:8420 OPENAI_API_KEY=… npx tsx integrations/ai-sdk/examples/agent.ts
 *
 * test/integration/ai-sdk.test.ts runs `runExample` with the AI SDK's mock model.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { LanguageModelV2 } from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs, wrapLanguageModel } from 'ai';
import { moltMiddleware, moltTools } from '../src/index.js';

export interface ExampleOptions {
  baseUrl: string;
  apiKey?: string;
  model: LanguageModelV2;
  sessionId?: string;
  userId?: string;
}

export async function runExample(options: ExampleOptions): Promise<string[]> {
  const molt = { baseUrl: options.baseUrl, ...(options.apiKey ? { apiKey: options.apiKey } : {}) };
  const sessionId = options.sessionId ?? `example-${randomUUID()}`;
  const model = wrapLanguageModel({
    model: options.model,
    middleware: moltMiddleware({
      ...molt,
      sessionId,
      userId: options.userId ?? 'example-user',
      window: 128_000,
    }),
  });
  const messages: ModelMessage[] = [];
  const answers: string[] = [];
  for (const question of ['I deploy on Fridays at 5pm. Please remember that.', 'When do I deploy?']) {
    messages.push({ role: 'user', content: question });
    const result = await generateText({
      model,
      system: 'You are a helpful release assistant.',
      messages,
      tools: moltTools({ ...molt, sessionId }),
      stopWhen: stepCountIs(4),
    });
    messages.push(...result.response.messages);
    answers.push(result.text);
  }
  return answers;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { openai } = await import('@ai-sdk/openai');
  const answers = await runExample({
    baseUrl: process.env.MOLT_URL ?? 'http://127.0.0.1:8420',
    ...(process.env.MOLT_API_KEY ? { apiKey: process.env.MOLT_API_KEY } : {}),
    model: openai(process.env.OPENAI_MODEL ?? 'gpt-4o-mini'),
  });
  for (const answer of answers) console.log(answer);
}
