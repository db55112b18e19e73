/**
 * The kept tail follows the room molt owns (issue 22 item 6): with the agent's system prompt and
 * tools at 38% of a 32K window, the 50% upload must still find a range to compact.
 */
import { describe, expect, it } from 'vitest';
import {
  applyTurn,
  contextRatioOf,
  createSessionState,
  effectiveKeepRecentTokens,
  promptOverheadOf,
  type SessionState,
} from '../../context/index.js';
import { a, commandOf, u } from './session-fixtures.js';

const WINDOW = 32_000;
const OVERHEAD = Math.round(WINDOW * 0.38);

/**
 * Turns of `tokens` (user) + 50 (answer) until the first compaction starts; each answer's usage is
 * the provider's count of its prompt: the overhead plus every message before it. The ratio the
 * model's prompt had when the upload fired.
 */
function ratioAtFirstUpload(state: SessionState, tokens: number): number {
  let seq = 0;
  let sent = 0;
  for (let turn = 0; turn < 40; turn++) {
    const user = u(++seq, tokens);
    const answer = a(++seq, 50);
    const promptTokens = OVERHEAD + sent + tokens;
    sent += tokens + 50;
    const next = applyTurn(state, { messages: [user, answer], usage: { seq: answer.seq, promptTokens } });
    state = next.state;
    if (commandOf(next.commands, 'startCompaction')) return contextRatioOf(state);
  }
  throw new Error('no compaction started');
}

describe('the kept tail and the prompt molt does not own', () => {
  it('measures the overhead from the calibration and keeps 20% of the room molt owns', () => {
    const state = createSessionState({ sessionId: 's', contextWindowTokens: WINDOW });
    expect(promptOverheadOf(state)).toBe(0);
    const flagged = { ...state, keepRecentOfOwnedRoom: true };
    expect(effectiveKeepRecentTokens(flagged)).toBe(Math.floor(WINDOW * 0.2));
    const { state: calibrated } = applyTurn(flagged, {
      messages: [u(1, 1_000), a(2, 50)],
      usage: { seq: 2, promptTokens: OVERHEAD + 1_000 },
    });
    expect(promptOverheadOf(calibrated)).toBeGreaterThan(OVERHEAD - 100);
    expect(effectiveKeepRecentTokens(calibrated)).toBeLessThan(Math.floor((WINDOW - OVERHEAD + 100) * 0.2));
    // An explicit setting is kept as it is.
    const set = { ...calibrated, settings: { ...calibrated.settings, keepRecentTokens: 900 } };
    expect(effectiveKeepRecentTokens(set)).toBe(900);
  });

  it('lets the 50% upload fire on the first turn past it, where a share of the whole window waited', () => {
    for (const tokens of [600, 1_000, 1_500, 2_000, 2_500, 3_000]) {
      const fresh = createSessionState({ sessionId: 's', contextWindowTokens: WINDOW });
      const owned = ratioAtFirstUpload({ ...fresh, keepRecentOfOwnedRoom: true }, tokens);
      // The first turn past 50% starts the upload.
      expect(owned).toBeLessThan(0.5 + tokens / WINDOW + 0.01);
      // Runs recorded before: the cut needed the context near 60%.
      expect(ratioAtFirstUpload(fresh, tokens)).toBeGreaterThan(0.58);
    }
  });
});
