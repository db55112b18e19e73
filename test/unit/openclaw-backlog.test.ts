/**
 * The plugin's catch-up (integrations/openclaw/src/backlog.ts, store.ts) against an in-memory molt
 * whose turn API is idempotent by turn id, as molt's is: whatever molt does between the calls
 * (down, hung after storing a turn, back) and however often the plugin's process restarts, molt
 * ends up holding OpenClaw's transcript exactly once, in order; a turn molt refuses fails as it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoltApiError, type MoltClient } from '../../client/index.js';
import { Backlogs, catchUpTurns } from '../../integrations/openclaw/src/backlog.js';
import { parsePluginConfig } from '../../integrations/openclaw/src/config.js';
import { createMoltEngine } from '../../integrations/openclaw/src/engine.js';
import { KeptContexts } from '../../integrations/openclaw/src/kept.js';
import { fingerprint } from '../../integrations/openclaw/src/messages.js';

/** How molt answers a call: stores and answers, is down, or stores and never answers. */
type Mode = 'up' | 'down' | 'lost-reply';

interface Message {
  role: string;
  content: string;
  [key: string]: unknown;
}

function fakeMolt() {
  const stored: Message[] = [];
  const turns = new Map<string, string>();
  let mode: Mode = 'up';
  const noAnswer = () => new MoltApiError(0, 'unreachable', 'molt did not answer');
  const client = {
    getTools: async () => null,
    getSession: async () => {
      if (mode !== 'up') throw noAnswer();
      return { transcript: { messages: stored.length } };
    },
    getContext: async () => {
      if (mode !== 'up') throw noAnswer();
      return {
        messages: [...stored],
        summary: null,
        estimatedTokens: 0,
        boundarySeq: 0,
        lastSeq: stored.length,
        recall: { memoryIds: [] },
        systemPromptAddition: null,
      };
    },
    postTurn: async (_session: string, body: { turnId: string; messages: Message[] }) => {
      if (mode === 'down') throw noAnswer();
      const content = fingerprint(body.messages);
      const seen = turns.get(body.turnId);
      if (seen !== undefined && seen !== content) throw new MoltApiError(409, 'turn_conflict', 'conflict');
      if (seen === undefined) {
        if (body.messages.some((m) => m.content === 'invalid')) {
          throw new MoltApiError(400, 'invalid_request', 'body.messages.0: invalid');
        }
        turns.set(body.turnId, content);
        stored.push(...body.messages);
      }
      if (mode === 'lost-reply') throw noAnswer();
      return { turn: { replayed: seen !== undefined } };
    },
  } as unknown as MoltClient;
  return {
    client,
    stored,
    set mode(next: Mode) {
      mode = next;
    },
  };
}

/** One plugin process: its own kept contexts and backlogs, as after a restart. */
function pluginProcess(client: MoltClient) {
  const quiet = { info() {}, warn() {}, error() {} };
  return createMoltEngine(
    parsePluginConfig({ apiUrl: 'http://molt.test', timeouts: { downForMs: 0 } }),
    quiet,
    () => client,
    new KeptContexts(),
    new Backlogs(),
  );
}

const modeArb = fc.constantFrom<Mode>('up', 'down', 'lost-reply');
const stepArb = fc.record({ assemble: modeArb, commit: modeArb, restart: fc.boolean() });

describe('openclaw plugin: catching molt up', () => {
  it('ends with molt holding the transcript once, in order, whatever molt did between the calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        const molt = fakeMolt();
        const transcript: Message[] = [];
        let engine = pluginProcess(molt.client);
        // OpenClaw's turns: assemble from its transcript, then commit the turn's messages; the last
        // turn finds molt up.
        const all = [...steps, { assemble: 'up' as Mode, commit: 'up' as Mode, restart: false }];
        for (const [i, step] of all.entries()) {
          if (step.restart) engine = pluginProcess(molt.client);
          molt.mode = step.assemble;
          await engine.assemble({ sessionId: 's', tokenBudget: 8_000, messages: [...transcript] });
          const turn = [
            { role: 'user', content: `question ${i}` },
            { role: 'assistant', content: `answer ${i}` },
          ];
          molt.mode = step.commit;
          await expect(
            engine.commitTurn({ sessionId: 's', advancementKey: `turn-${i}`, messages: turn }),
          ).resolves.toMatchObject({ status: 'committed' });
          transcript.push(...turn);
        }
        expect(molt.stored).toEqual(transcript);
      }),
      { numRuns: 300 },
    );
  });

  it('fails a turn molt refuses, as before, and holds one molt does not answer', async () => {
    const molt = fakeMolt();
    const engine = pluginProcess(molt.client);
    await engine.assemble({ sessionId: 's', messages: [] });
    const invalid = [{ role: 'user', content: 'invalid' }];
    await expect(
      engine.commitTurn({ sessionId: 's', advancementKey: 'bad', messages: invalid }),
    ).rejects.toMatchObject({ status: 400 });
    molt.mode = 'down';
    const held = [{ role: 'user', content: 'while molt is down' }];
    await expect(
      engine.commitTurn({ sessionId: 's', advancementKey: 'held', messages: held }),
    ).resolves.toMatchObject({ status: 'committed' });
    // Held behind the earlier one, a refused turn still fails when molt answers.
    molt.mode = 'up';
    await expect(
      engine.commitTurn({ sessionId: 's', advancementKey: 'bad-2', messages: invalid }),
    ).rejects.toMatchObject({ status: 400 });
    expect(molt.stored).toEqual(held);
  });

  it("sends a checked session's pending turns, else what molt lacks of OpenClaw's whole transcript", () => {
    const transcript = [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
      { role: 'user', content: 'c' },
    ];
    const pending = [{ turnId: 'k', messages: [{ role: 'user', content: 'c' }] }];
    expect(catchUpTurns({ transcript, storedMessages: 0, checked: true, pending })).toEqual(pending);
    const unchecked = { transcript, checked: false, pending };
    const [turn] = catchUpTurns({ ...unchecked, storedMessages: 1 });
    expect(turn?.messages).toEqual(transcript.slice(1));
    // The same gap is the same turn id: a retry is a replay.
    expect(catchUpTurns({ ...unchecked, storedMessages: 1, pending: [] })[0]?.turnId).toBe(turn?.turnId);
    expect(catchUpTurns({ ...unchecked, storedMessages: 3 })).toEqual([]);
    // OpenClaw's own compaction rewrote its transcript: its positions are not molt's seqs.
    const rewritten = [{ role: 'compactionSummary', summary: 's' }, ...transcript.slice(2)];
    expect(catchUpTurns({ ...unchecked, transcript: rewritten, storedMessages: 1 })).toEqual(pending);
  });
});
