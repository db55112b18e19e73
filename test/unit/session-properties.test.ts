import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyTurn,
  createSessionState,
  type LiveMessageMeta,
  liveTokensOf,
  type SessionCommand,
  type SessionState,
} from '../../context/index.js';

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

// A transcript of exchanges: a user message, rounds of tool calls with their results (a result may
// be missing, as after an abort), and usually a final answer. Tool results can arrive in a later
// turn than their call, because turns are cut at random points.
const roundArb = fc.record({
  calls: fc.integer({ min: 1, max: 3 }),
  callTokens: fc.integer({ min: 1, max: 100 }),
  resultTokens: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 3, maxLength: 3 }),
  missingResult: fc.boolean(),
});
const exchangeArb = fc.record({
  userTokens: fc.integer({ min: 1, max: 200 }),
  rounds: fc.array(roundArb, { maxLength: 3 }),
  answerTokens: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
});

function buildTranscript(exchanges: ValueOf<typeof exchangeArb>[]): LiveMessageMeta[] {
  const metas: LiveMessageMeta[] = [];
  let seq = 0;
  for (const exchange of exchanges) {
    metas.push({ seq: ++seq, tokens: exchange.userTokens, role: 'user' });
    for (const round of exchange.rounds) {
      const callSeq = ++seq;
      const ids = Array.from({ length: round.calls }, (_, k) => `c${callSeq}_${k}`);
      metas.push({ seq: callSeq, tokens: round.callTokens, role: 'assistant', toolCallIds: ids });
      const answered = round.missingResult ? ids.slice(0, -1) : ids;
      answered.forEach((id, k) => {
        metas.push({ seq: ++seq, tokens: round.resultTokens[k]!, role: 'toolResult', toolCallId: id });
      });
    }
    if (exchange.answerTokens !== undefined)
      metas.push({ seq: ++seq, tokens: exchange.answerTokens, role: 'assistant' });
  }
  return metas;
}

function cutIntoTurns(metas: LiveMessageMeta[], sizes: number[]): LiveMessageMeta[][] {
  const turns: LiveMessageMeta[][] = [];
  let i = 0;
  let s = 0;
  while (i < metas.length) {
    const size = sizes.length > 0 ? sizes[s++ % sizes.length]! : 1;
    turns.push(metas.slice(i, i + size));
    i += size;
  }
  return turns;
}

type Outcome = 'none' | 'smaller' | 'notSmaller' | 'degraded' | 'failed';

const scenarioArb = fc.record({
  exchanges: fc.array(exchangeArb, { minLength: 1, maxLength: 25 }),
  turnSizes: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 10 }),
  window: fc.integer({ min: 400, max: 6_000 }),
  keepRecentTokens: fc.option(fc.integer({ min: 0, max: 1_500 }), { nil: null }),
  outcomes: fc.array(fc.constantFrom<Outcome>('none', 'smaller', 'notSmaller', 'degraded', 'failed'), {
    minLength: 1,
    maxLength: 12,
  }),
  replays: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
});

/** Runs a scenario, calling `check` after every event with everything seen so far. */
function run(
  scenario: ValueOf<typeof scenarioArb>,
  check: (context: {
    state: SessionState;
    commands: SessionCommand[];
    transcript: LiveMessageMeta[];
    received: LiveMessageMeta[];
    marked: { fromSeq: number; toSeq: number }[];
  }) => void,
) {
  const transcript = buildTranscript(scenario.exchanges);
  const turns = cutIntoTurns(transcript, scenario.turnSizes);
  let state = createSessionState({
    sessionId: 'prop',
    contextWindowTokens: scenario.window,
    settings: { keepRecentTokens: scenario.keepRecentTokens },
  });
  const received: LiveMessageMeta[] = [];
  const marked: { fromSeq: number; toSeq: number }[] = [];
  const apply = (commands: SessionCommand[]) => {
    for (const command of commands) if (command.type === 'startCompaction') marked.push(command);
    check({ state, commands, transcript, received, marked });
  };

  turns.forEach((turn, index) => {
    const result = applyTurn(state, { messages: turn });
    state = result.state;
    received.push(...turn);
    apply(result.commands);

    if (scenario.replays[index % scenario.replays.length] && index > 0) {
      // the previous turn and this one again, as a client retrying with overlapping seqs
      const replay = applyTurn(state, { messages: [...turns[index - 1]!, ...turn] });
      expect(replay.state).toBe(state);
      expect(replay.commands).toEqual([]);
    }

    const outcome = scenario.outcomes[index % scenario.outcomes.length]!;
    const upload = state.upload;
    if (outcome !== 'none' && upload?.status === 'running') {
      const replaces = upload.tokens + (state.summary?.tokens ?? 0);
      const finished = applyCompactionFinished(state, {
        compactionId: upload.compactionId,
        status: outcome === 'failed' ? 'failed' : outcome === 'degraded' ? 'degraded' : 'succeeded',
        summaryTokens: outcome === 'notSmaller' ? replaces : Math.max(0, Math.floor(replaces / 4)),
      });
      state = finished.state;
      apply(finished.commands);
    }
  });
}

describe('session threshold properties', () => {
  it('never marks a range that ends inside a tool group', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, ({ commands, transcript }) => {
          for (const command of commands) {
            if (command.type !== 'startCompaction') continue;
            const callSeqById = new Map<string, number>();
            for (const meta of transcript)
              for (const id of meta.toolCallIds ?? []) callSeqById.set(id, meta.seq);
            const next = transcript.find((meta) => meta.seq > command.toSeq);
            expect(next?.role).not.toBe('toolResult');
            for (const meta of transcript) {
              if (meta.role !== 'toolResult' || meta.seq <= command.toSeq) continue;
              const callSeq = callSeqById.get(meta.toolCallId!)!;
              expect(callSeq).toBeGreaterThan(command.toSeq);
            }
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never cleans up a message newer than the marked range', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, ({ state, commands, received, marked }) => {
          const newestMarked = Math.max(0, ...marked.map((range) => range.toSeq));
          expect(state.boundarySeq).toBeLessThanOrEqual(newestMarked);
          for (const command of commands) {
            if (command.type === 'cleanup') expect(marked.at(-1)?.toSeq).toBe(command.toSeq);
          }
          // every received message after the boundary is live, none twice, in order
          const expected = received.filter((meta) => meta.seq > state.boundarySeq).map((meta) => meta.seq);
          expect(state.live.map((meta) => meta.seq)).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never double-counts tokens, replayed turns included', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, ({ state, received }) => {
          const liveMessages = received.filter((meta) => meta.seq > state.boundarySeq);
          const expected =
            (state.summary?.tokens ?? 0) + liveMessages.reduce((sum, meta) => sum + meta.tokens, 0);
          expect(liveTokensOf(state)).toBe(expected);
          expect(state.lastSeq).toBe(received.at(-1)?.seq ?? 0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the summary in force covering exactly up to the boundary once nothing awaits a summary', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, ({ state }) => {
          const awaitingSummary = state.upload?.status === 'running' && state.upload.cleanedUp;
          if (!awaitingSummary) expect(state.summary?.toSeq ?? 0).toBe(state.boundarySeq);
        });
      }),
      { numRuns: 300 },
    );
  });
});
