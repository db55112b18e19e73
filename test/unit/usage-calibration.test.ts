import { describe, expect, it } from 'vitest';
import {
  applyUsageReport,
  type CalibrationAnchor,
  type CalibrationInput,
  type CalibrationState,
  calibratedLiveTokens,
  createCalibrationState,
  EMPTY_PREFIX,
  MAX_REPORT_WINDOW_MULTIPLE,
  notePrefix,
  type PromptPrefix,
  promptTokensOf,
  resetCalibration,
  usageReportOf,
} from '../../context/session/usage-calibration.js';
import { assistant, assistantWithCalls, toolResult, user } from './factories.js';

const WINDOW = 100_000;

/** Live metas of `count` messages from seq `from`, each estimated at `tokens`. */
function metas(from: number, count: number, tokens = 100) {
  return Array.from({ length: count }, (_, i) => ({ seq: from + i, tokens }));
}

function session(live: CalibrationInput['live'], prefix: PromptPrefix = EMPTY_PREFIX): CalibrationInput {
  return { prefix, live };
}

/** Applies a report for the last message of `live`, as the turn that brought `turnSize` messages. */
function report(
  state: CalibrationState,
  input: CalibrationInput,
  promptTokens: number,
  options: { seq?: number; turnSize?: number } = {},
) {
  const last = input.live[input.live.length - 1]!.seq;
  return applyUsageReport(
    state,
    { seq: options.seq ?? last, promptTokens },
    { ...input, contextWindowTokens: WINDOW, lastSeqBeforeTurn: last - (options.turnSize ?? 2) },
  );
}

function anchored(state: CalibrationState, input: CalibrationInput, promptTokens: number): CalibrationAnchor {
  const decision = report(state, input, promptTokens);
  if (decision.type !== 'anchored') throw new Error(`expected an anchor, got ${decision.reason}`);
  return decision.anchor;
}

describe('promptTokensOf', () => {
  it('counts input, cache reads and cache writes as the prompt, not output', () => {
    expect(promptTokensOf({ input: 1_200, cacheRead: 30_000, cacheWrite: 800, output: 450 })).toBe(32_000);
  });

  it('counts missing, negative and non-numeric parts as 0', () => {
    expect(promptTokensOf({ input: 500, cacheRead: -3, cacheWrite: Number.NaN })).toBe(500);
    expect(promptTokensOf(undefined)).toBe(0);
    expect(promptTokensOf({})).toBe(0);
  });
});

describe('usageReportOf', () => {
  it("takes the latest assistant message's own usage", () => {
    const messages = [
      { seq: 5, message: user('run the tests') },
      { seq: 6, message: assistantWithCalls(['exec'], { usage: { input: 100, cacheRead: 9_000 } }) },
      { seq: 7, message: toolResult('exec', 'ok') },
      { seq: 8, message: assistant('All green.', { usage: { input: 50, cacheRead: 9_300 } }) },
    ];
    expect(usageReportOf(messages, { input: 1, cacheRead: 1 })).toEqual({ seq: 8, promptTokens: 9_350 });
  });

  it("gives the turn's usage to its assistant message when there is exactly one", () => {
    const messages = [
      { seq: 1, message: user('hello') },
      { seq: 2, message: assistant('hi') },
    ];
    expect(usageReportOf(messages, { input: 2_000, output: 10 })).toEqual({ seq: 2, promptTokens: 2_000 });
  });

  it("ignores the turn's usage when the turn holds several assistant messages (a sum or any one call)", () => {
    const messages = [
      { seq: 1, message: user('fix it') },
      { seq: 2, message: assistantWithCalls(['exec']) },
      { seq: 3, message: toolResult('exec', 'done') },
      { seq: 4, message: assistant('Fixed.') },
    ];
    expect(usageReportOf(messages, { input: 8_000 })).toBeNull();
  });

  it('reports nothing for a turn without an assistant message or without counts', () => {
    expect(usageReportOf([{ seq: 1, message: user('hello') }], { input: 2_000 })).toBeNull();
    expect(usageReportOf([{ seq: 2, message: assistant('hi', { usage: { input: 0 } }) }], {})).toBeNull();
  });
});

describe('applyUsageReport', () => {
  it('anchors the provider count to the reported message with the estimate of the same prompt', () => {
    const input = session(metas(1, 4), { boundarySeq: 0, summaryCompactionId: null, summaryTokens: 0 });
    const anchor = anchored(createCalibrationState(), input, 5_000);
    expect(anchor).toEqual({ seq: 4, providerTokens: 5_000, estimatedTokens: 300, prefix: EMPTY_PREFIX });
  });

  it('refuses a report for a message that is not live', () => {
    const decision = report(createCalibrationState(), session(metas(1, 4)), 5_000, { seq: 9 });
    expect(decision).toMatchObject({ type: 'rejected', reason: 'not-live' });
  });

  it('refuses a report not newer than the anchor in force', () => {
    const input = session(metas(1, 4));
    const first = report(createCalibrationState(), input, 5_000);
    expect(report(first.state, input, 5_100)).toMatchObject({ type: 'rejected', reason: 'stale' });
  });

  it('refuses the report of the first turn after the prefix changed: it may have measured either prefix', () => {
    const moved: PromptPrefix = { boundarySeq: 4, summaryCompactionId: 'cmp_1', summaryTokens: 200 };
    const state = notePrefix(createCalibrationState(), moved, 6);
    const decision = report(state, session(metas(5, 4), moved), 3_000);
    expect(decision).toMatchObject({ type: 'rejected', reason: 'prefix-changed' });
  });

  it('accepts reports again from the second turn after the prefix changed', () => {
    const moved: PromptPrefix = { boundarySeq: 4, summaryCompactionId: 'cmp_1', summaryTokens: 200 };
    const state = notePrefix(createCalibrationState(), moved, 6);
    expect(report(state, session(metas(5, 6), moved), 3_000).type).toBe('anchored');
  });

  it('refuses a report whose prefix differs from the one last noted', () => {
    const unnoted: PromptPrefix = { boundarySeq: 2, summaryCompactionId: 'cmp_1', summaryTokens: 150 };
    const decision = report(createCalibrationState(), session(metas(3, 4), unnoted), 3_000);
    expect(decision).toMatchObject({ type: 'rejected', reason: 'prefix-changed' });
  });

  it('refuses a count above twice the window (not one prompt)', () => {
    const decision = report(
      createCalibrationState(),
      session(metas(1, 4)),
      WINDOW * MAX_REPORT_WINDOW_MULTIPLE + 1,
    );
    expect(decision).toMatchObject({ type: 'rejected', reason: 'implausibly-high' });
  });

  it('refuses a count below half the estimate of the same prompt (only the uncached part, say)', () => {
    const decision = report(createCalibrationState(), session(metas(1, 41)), 1_999);
    expect(decision).toMatchObject({ type: 'rejected', reason: 'implausibly-low' });
  });

  it('refuses a count of 0', () => {
    expect(report(createCalibrationState(), session(metas(1, 1)), 0)).toMatchObject({
      type: 'rejected',
      reason: 'implausibly-low',
    });
  });

  it('keeps the state and the anchor in force when it refuses a report', () => {
    const input = session(metas(1, 4));
    const first = report(createCalibrationState(), input, 5_000);
    expect(first.type).toBe('anchored');
    const refused = report(first.state, session(metas(1, 6)), 0);
    expect(refused).toMatchObject({ type: 'rejected', reason: 'implausibly-low' });
    expect(refused.state).toBe(first.state);
  });
});

describe('calibratedLiveTokens', () => {
  it('is the plain estimate without an anchor', () => {
    const summarised = { boundarySeq: 2, summaryCompactionId: 'cmp_1', summaryTokens: 250 };
    expect(calibratedLiveTokens(session(metas(3, 3), summarised), null)).toEqual({
      tokens: 550,
      estimatedTokens: 550,
      mode: 'none',
    });
  });

  it("follows the provider's count plus the estimate of the messages from the anchor on", () => {
    const state = createCalibrationState();
    const anchor = anchored(state, session(metas(1, 4)), 5_000);
    // Two more turns: the anchored message (100) and four later ones (400) are estimated.
    expect(calibratedLiveTokens(session(metas(1, 8)), anchor)).toMatchObject({
      tokens: 5_000 + 500,
      estimatedTokens: 800,
      mode: 'exact',
    });
  });

  it('carries a positive offset (system prompt, tools) onto the estimate once the boundary moved', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 10)), 4_000); // offset +3 100
    const moved = { boundarySeq: 6, summaryCompactionId: 'cmp_1', summaryTokens: 200 };
    expect(calibratedLiveTokens(session(metas(7, 6), moved), anchor)).toMatchObject({
      tokens: 200 + 600 + 3_100,
      mode: 'carried',
    });
  });

  it('does not carry a negative offset: the estimate of messages that left is not subtracted', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 41)), 3_000); // offset −1 000
    const moved = { boundarySeq: 30, summaryCompactionId: 'cmp_1', summaryTokens: 200 };
    expect(calibratedLiveTokens(session(metas(31, 12), moved), anchor)).toMatchObject({
      tokens: 200 + 1_200,
      mode: 'carried',
    });
  });

  it('carries the offset whatever its sign, or none, when asked (the alternatives the bench measures)', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 41)), 3_000);
    const moved = { boundarySeq: 30, summaryCompactionId: 'cmp_1', summaryTokens: 200 };
    const input = session(metas(31, 12), moved);
    expect(calibratedLiveTokens(input, anchor, 'carry-offset').tokens).toBe(1_400 - 1_000);
    expect(calibratedLiveTokens(input, anchor, 'estimate').tokens).toBe(1_400);
  });

  it('treats a truncated message before the anchor as a changed prompt', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 4)), 5_000);
    const truncated = [{ seq: 1, tokens: 40 }, ...metas(2, 5)];
    expect(calibratedLiveTokens(session(truncated), anchor)).toMatchObject({
      tokens: 540 + 4_700,
      mode: 'carried',
    });
  });

  it('is exact again when a restore brings the anchored prefix back', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 4)), 5_000);
    const cleanedUp = { boundarySeq: 3, summaryCompactionId: null, summaryTokens: 0 };
    expect(calibratedLiveTokens(session(metas(4, 3), cleanedUp), anchor).mode).toBe('carried');
    // The compaction failed: its range is live again behind the same (empty) prefix.
    expect(calibratedLiveTokens(session(metas(1, 6)), anchor)).toMatchObject({
      tokens: 5_300,
      mode: 'exact',
    });
  });

  it('never goes below 0', () => {
    const anchor = anchored(createCalibrationState(), session(metas(1, 41)), 2_100);
    const empty = { boundarySeq: 41, summaryCompactionId: 'cmp_1', summaryTokens: 0 };
    expect(calibratedLiveTokens(session([], empty), anchor, 'carry-offset').tokens).toBe(0);
  });
});

describe('notePrefix and resetCalibration', () => {
  it('returns the same state when the prefix did not change', () => {
    const state = createCalibrationState();
    expect(notePrefix(state, { ...EMPTY_PREFIX }, 12)).toBe(state);
  });

  it('records the lastSeq at which the prefix changed', () => {
    const moved = { boundarySeq: 8, summaryCompactionId: 'cmp_1', summaryTokens: 300 };
    expect(notePrefix(createCalibrationState(), moved, 12)).toMatchObject({
      prefix: moved,
      prefixChangedAtSeq: 12,
    });
  });

  it('drops the anchor when the live context restarts', () => {
    const reset = resetCalibration({ ...EMPTY_PREFIX, boundarySeq: 20 }, 20);
    expect(reset).toEqual({
      anchor: null,
      prefix: { ...EMPTY_PREFIX, boundarySeq: 20 },
      prefixChangedAtSeq: 20,
    });
  });
});
