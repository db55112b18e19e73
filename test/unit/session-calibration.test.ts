import { describe, expect, it } from 'vitest';
import {
  applyCompactionFinished,
  applyContextReset,
  applyTurn,
  createSessionState,
  type LiveMessageMeta,
  liveTokensOf,
  type SessionCommand,
  type SessionState,
  sessionView,
} from '../../context/index.js';

const u = (seq: number, tokens: number): LiveMessageMeta => ({ seq, tokens, role: 'user' });
const a = (seq: number, tokens: number): LiveMessageMeta => ({ seq, tokens, role: 'assistant' });

const WINDOW = 10_000; // thresholds at 5 000 and 7 000 tokens, keepRecentTokens 2 000

function session(): SessionState {
  return createSessionState({ sessionId: 'calibrated', contextWindowTokens: WINDOW });
}

/** One exchange per turn: a user message and the assistant's answer, 100 estimated tokens each. */
function turn(state: SessionState, userSeq: number, promptTokens?: number) {
  return applyTurn(state, {
    messages: [u(userSeq, 100), a(userSeq + 1, 100)],
    ...(promptTokens !== undefined ? { usage: { seq: userSeq + 1, promptTokens } } : {}),
  });
}

function commandOf<T extends SessionCommand['type']>(commands: SessionCommand[], type: T) {
  return commands.find((command) => command.type === type) as
    | Extract<SessionCommand, { type: T }>
    | undefined;
}

describe('a session calibrated by usage reports', () => {
  it("follows the provider's count of the prompt plus the estimate of the answer", () => {
    let state = turn(session(), 1).state;
    // The second answer's prompt: system prompt and tools (900) + 300 estimated tokens, counted 1 200.
    state = turn(state, 3, 1_200).state;
    expect(liveTokensOf(state)).toBe(1_200 + 100);
  });

  it('keeps the estimate alone without a report', () => {
    const state = turn(turn(session(), 1).state, 3).state;
    expect(liveTokensOf(state)).toBe(400);
  });

  it('shows the anchor in the view', () => {
    const state = turn(turn(session(), 1).state, 3, 1_200).state;
    expect(sessionView(state)).toMatchObject({
      liveTokens: 1_300,
      ratio: 0.13,
      calibration: { seq: 4, providerTokens: 1_200, mode: 'exact' },
    });
  });

  it('runs the thresholds on the calibrated count', () => {
    let state = session();
    for (let seq = 1; seq < 30; seq += 2) state = turn(state, seq).state; // 3 000 estimated
    // The provider counts 5 500 for the same prompt: over the upload ratio, the estimate is not.
    const { commands } = turn(state, 31, 5_500);
    expect(commandOf(commands, 'startCompaction')).toBeDefined();
  });

  it("ignores a report on a turn that changed nothing (a replayed turn's)", () => {
    const first = turn(turn(session(), 1).state, 3, 1_200).state;
    expect(turn(first, 3, 9_000).state).toBe(first);
  });

  it('refuses the report of the first turn after a clean-up, then anchors the next one', () => {
    let state = session();
    for (let seq = 1; seq < 48; seq += 2) state = turn(state, seq).state; // 4 800 estimated
    const crossed = turn(state, 49); // 5 000: the upload starts
    const start = commandOf(crossed.commands, 'startCompaction')!;
    state = applyCompactionFinished(crossed.state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 300,
    }).state;
    state = turn(state, 51, 4_000).state;
    expect(sessionView(state).calibration).toBeNull();
    state = turn(state, 53, 4_000).state;
    expect(sessionView(state).calibration).toMatchObject({ seq: 54, providerTokens: 4_000, mode: 'exact' });
  });

  it('carries a positive offset across a clean-up that comes after the anchor', () => {
    let state = session();
    for (let seq = 1; seq < 48; seq += 2) state = turn(state, seq).state; // 4 800 estimated
    // Counted 5 700 for the 4 900 estimated before seq 50: offset +800, and the upload starts.
    const arrived = turn(state, 49, 5_700);
    const start = commandOf(arrived.commands, 'startCompaction')!;
    state = applyCompactionFinished(arrived.state, {
      compactionId: start.compactionId,
      status: 'succeeded',
      summaryTokens: 300,
    }).state;
    const estimate = 300 + state.live.reduce((sum, meta) => sum + meta.tokens, 0);
    expect(sessionView(state)).toMatchObject({
      liveTokens: estimate + 800,
      calibration: { seq: 50, providerTokens: 5_700, mode: 'carried' },
    });
  });

  it('drops the anchor when the context is reset', () => {
    const state = applyContextReset(turn(turn(session(), 1).state, 3, 1_200).state).state;
    expect(liveTokensOf(state)).toBe(0);
    expect(sessionView(state).calibration).toBeNull();
  });

  it('calibrates a state carried from a run before calibration existed', () => {
    const { calibration: _, ...carried } = turn(session(), 1).state;
    const state = turn(carried as SessionState, 3, 1_200).state;
    expect(liveTokensOf(state)).toBe(1_300);
  });
});
