/**
 * The ingest benchmark's turns (bench/ingest.bench.ts): built and token-counted before the clock
 * starts, and stored the `store` way — `appendTurn`'s transaction with one `turn` signal inside
 * it, under the row lock: the turn path before coalesced turns (issue 24), kept as a reference.
 */
import { deliverToSession } from '../api/ingest/turn-delivery.js';
import type { Message } from '../context/messages.js';
import type { LiveMessageMeta } from '../context/session/index.js';
import { estimateMessageTokens } from '../context/tokens/index.js';
import { appendTurn, DEFAULT_TENANT_ID } from '../db/transcript.js';
import { sessionWorkflowId, type TurnSignal, turnSignal } from '../workflows/contract.js';
import type { BenchApi, BenchStack } from './stack.js';
import { TurnGenerator } from './transcript.js';

export interface PreparedTurn {
  turnId: string;
  messages: Message[];
  metas: LiveMessageMeta[];
}

/** The turns of one session, built (and token-counted) before the clock starts. */
export function prepareTurns(seed: number, count: number): PreparedTurn[] {
  const generator = new TurnGenerator(seed);
  const turns: PreparedTurn[] = [];
  let seq = 0;
  for (let n = 1; n <= count; n++) {
    const messages = generator.smallTurn(n);
    const metas = messages.map((message) => ({
      seq: ++seq,
      role: message.role as 'user' | 'assistant',
      tokens: estimateMessageTokens(message),
    }));
    turns.push({ turnId: `t${n}`, messages, metas });
  }
  return turns;
}

export async function storeTurn(
  stack: BenchStack,
  api: BenchApi,
  taskQueue: string,
  sessionId: string,
  turn: PreparedTurn,
  contextWindowTokens: number,
): Promise<void> {
  const workflowId = sessionWorkflowId(DEFAULT_TENANT_ID, sessionId);
  const result = await appendTurn(
    api.database.db,
    {
      tenantId: DEFAULT_TENANT_ID,
      sessionId,
      workflowId,
      turnId: turn.turnId,
      messages: turn.messages,
      tokens: turn.metas.map((meta) => meta.tokens),
      contextWindowTokens: contextWindowTokens,
      defaultContextWindowTokens: contextWindowTokens,
      settings: undefined,
      usage: undefined,
      content: { messages: turn.messages, format: 'openclaw', contextWindowTokens: contextWindowTokens },
    },
    async ({ turn: stored, created }) => {
      const signal: TurnSignal = {
        turnId: turn.turnId,
        messages: turn.metas.map((meta, i) => ({ ...meta, seq: stored.fromSeq + i })),
        contextWindowTokens: contextWindowTokens,
      };
      await deliverToSession(
        stack.client,
        {
          workflowId,
          taskQueue,
          created,
          start: { tenantId: DEFAULT_TENANT_ID, sessionId, contextWindowTokens: contextWindowTokens },
        },
        turnSignal,
        signal,
      );
    },
  );
  if (result.outcome !== 'appended') throw new Error(`${sessionId} ${turn.turnId}: ${result.outcome}`);
}
