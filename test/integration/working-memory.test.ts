/**
 * The working memory on the real stack (docs/working-memory.md): an LLM summarizer (the fake LLM)
 * that answers every summary with a narrative dropping everything, over several compactions. The
 * guards still keep every modified file, open TODO, tool failure and identifier in the summary in
 * force — in the continuation message of GET /context, in GET /v1/sessions/{id}/working-memory
 * and in the compaction's `workingMemory` — and the summary stays within the session's budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../context/messages.js';
import { inertMarkup } from '../../context/prompt-data.js';
import { type FakeLlm, respondWith, startFakeLlm } from '../fake-llm/server.js';
import { prose } from './agent-turns.js';
import { type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

const FORGETFUL = 'The session went well and there is nothing in particular to remember.';

let h: Harness;
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm({ behaviour: respondWith(() => FORGETFUL) });
  h = await startHarness({ llmBaseUrl: fake.baseUrl });
});
afterAll(async () => {
  await h?.stop();
  await fake?.close();
});

/** One round's turn: an identifier, an edit, a failure and a TODO, all unique to the round. */
function plantedTurn(round: number): { turnId: string; messages: Message[]; planted: Json } {
  const planted = {
    identifiers: [`heron-staging-db${round}`, `eu-west-${round + 1}`, `INC-45${round}7`],
    modified: `src/planted/round-${round}.ts`,
    failure: `EPLANTED_${round}: connection reset by peer`,
    todo: `TODO: rotate the backup key of shard ${round}.`,
  };
  const messages: Message[] = [
    {
      role: 'user',
      content: `Restore ${planted.identifiers[0]} in ${planted.identifiers[1]} for ticket ${planted.identifiers[2]}.`,
    },
    {
      role: 'assistant',
      content: [
        { type: 'toolCall', id: `edit_${round}`, name: 'edit', arguments: { path: planted.modified } },
        { type: 'toolCall', id: `exec_${round}`, name: 'exec', arguments: { command: 'make restore' } },
      ],
      stopReason: 'toolUse',
    },
    {
      role: 'toolResult',
      toolCallId: `edit_${round}`,
      toolName: 'edit',
      content: [{ type: 'text', text: 'ok' }],
    },
    {
      role: 'toolResult',
      toolCallId: `exec_${round}`,
      toolName: 'exec',
      isError: true,
      content: [{ type: 'text', text: planted.failure }],
    },
    { role: 'assistant', content: [{ type: 'text', text: `The restore failed. ${planted.todo}` }] },
    // A long read, so the range is worth compacting (a summary must be smaller than its range).
    {
      role: 'assistant',
      content: [
        { type: 'toolCall', id: `read_${round}`, name: 'read', arguments: { path: 'docs/restore.md' } },
      ],
      stopReason: 'toolUse',
    },
    {
      role: 'toolResult',
      toolCallId: `read_${round}`,
      toolName: 'read',
      content: [{ type: 'text', text: prose(round, 3_000) }],
    },
  ];
  return { turnId: `round-${round}`, messages, planted };
}

describe('working memory with an LLM that forgets', () => {
  it('keeps every planted artifact in the summary in force across compactions, within its budget', async () => {
    const sessionId = uniqueSessionId('wm');
    const budget = 1_500;
    const planted: Json[] = [];
    for (let round = 0; round < 4; round++) {
      const turn = plantedTurn(round);
      planted.push(turn.planted);
      const posted = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/turns`,
        payload: {
          turnId: turn.turnId,
          messages: turn.messages,
          contextWindowTokens: 200_000,
          ...(round === 0 ? { settings: { summaryMaxTokens: budget } } : {}),
        },
      });
      expect(posted.statusCode, posted.body).toBe(202);
      const compacted = await h.app.inject({
        method: 'POST',
        url: `/v1/sessions/${sessionId}/compact`,
        payload: { keepRecentTokens: 0 },
      });
      expect(compacted.statusCode, compacted.body).toBe(200);
      expect(compacted.json().status).toBe('succeeded');
    }
    expect(fake.calls.length).toBeGreaterThanOrEqual(4);

    const answer = await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/working-memory` });
    expect(answer.statusCode, answer.body).toBe(200);
    const wm: Json = answer.json();
    expect(wm.budgetTokens).toBe(budget);
    expect(wm.tokens).toBeLessThanOrEqual(budget);
    expect(wm.workingMemory.compactions).toBe(4);
    expect(wm.workingMemory.narrative).toBe(FORGETFUL);

    const context: Json = (
      await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/context` })
    ).json();
    const continuation: string = context.messages[0].content;
    // Inert inside <molt-summary> (context/prompt-data.ts): the working memory's own tags included.
    expect(continuation).toContain(inertMarkup(wm.text));
    for (const round of planted) {
      expect(continuation).toContain(`- ${round.modified}\n`);
      expect(continuation).toContain(`- [ ] ${round.todo}`);
      expect(continuation).toContain(`- exec: ${round.failure}`);
      for (const id of round.identifiers) expect(continuation).toContain(`- ${id}\n`);
    }
    expect(continuation).toContain(`## Narrative\n${FORGETFUL}`);
    expect(continuation).not.toMatch(/^(?:Summary|Conversation summary):$/m);

    const compaction: Json = (
      await h.app.inject({ method: 'GET', url: `/v1/compactions/${wm.compactionId}` })
    ).json();
    expect(compaction.workingMemory).toEqual(wm.workingMemory);
    expect(compaction.summary).toBe(wm.text);
  });

  it('answers 404 for an unknown session and null before the first compaction', async () => {
    const missing = await h.app.inject({
      method: 'GET',
      url: `/v1/sessions/${uniqueSessionId()}/working-memory`,
    });
    expect(missing.statusCode).toBe(404);
    const sessionId = uniqueSessionId('wm-new');
    const turn = plantedTurn(9);
    await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${sessionId}/turns`,
      payload: { turnId: turn.turnId, messages: turn.messages },
    });
    const fresh: Json = (
      await h.app.inject({ method: 'GET', url: `/v1/sessions/${sessionId}/working-memory` })
    ).json();
    expect(fresh).toMatchObject({ sessionId, compactionId: null, workingMemory: null, text: null });
  });

  it('refuses a summaryMaxTokens below the minimum, naming the field', async () => {
    const turn = plantedTurn(8);
    const response = await h.app.inject({
      method: 'POST',
      url: `/v1/sessions/${uniqueSessionId()}/turns`,
      payload: { turnId: turn.turnId, messages: turn.messages, settings: { summaryMaxTokens: 10 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('summaryMaxTokens');
  });
});
