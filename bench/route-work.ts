/**
 * The turn route's own computing, without I/O (bench/ingest.bench.ts reports it beside the ladder):
 * timed alone on the bench's small turns, in µs per turn, it tells how much of the API's cost over
 * `store` is computing rather than HTTP, Fastify and the worker.
 */
import { turnBodySchema } from '../api/schemas/turns.js';
import { convertToCanonical, messagesSchemaForFormat } from '../context/adapters/index.js';
import type { Message } from '../context/messages.js';
import { createTokenCounter } from '../context/tokens/index.js';
import { contentHash } from '../db/transcript.js';
import { round } from './stack.js';
import { TurnGenerator } from './transcript.js';

const TURNS = 2_000;
const PASSES = 5;

export function measureRouteWork(): Record<string, number> {
  const generator = new TurnGenerator(7);
  const turns = Array.from({ length: TURNS }, (_, i) => generator.smallTurn(i + 1));
  const bodies = new Map(turns.map((messages) => [messages, JSON.stringify({ turnId: 't1', messages })]));
  const counter = createTokenCounter({ mode: 'estimate' });
  const steps: Record<string, (messages: Message[]) => unknown> = {
    // The route parses the body; writing it is the agent's work.
    bodyJson: (messages) => JSON.parse(bodies.get(messages)!),
    bodySchema: (messages) => turnBodySchema.parse({ turnId: 't1', messages }),
    messagesSchema: (messages) => messagesSchemaForFormat('openclaw').parse(messages),
    conversion: (messages) => convertToCanonical(messages, 'openclaw'),
    tokenCounting: (messages) => messages.map((message) => counter.messageTokens(message)),
    contentHash: (messages) => contentHash({ messages, format: 'openclaw', contextWindowTokens: 1 }),
  };
  const result: Record<string, number> = {};
  for (const [name, step] of Object.entries(steps)) {
    for (const messages of turns) step(messages); // warm-up
    const started = performance.now();
    for (let pass = 0; pass < PASSES; pass++) for (const messages of turns) step(messages);
    result[name] = round(((performance.now() - started) / (PASSES * TURNS)) * 1_000, 1);
  }
  return result;
}
