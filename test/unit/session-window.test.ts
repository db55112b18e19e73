import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLearnedWindow,
  applyPostedConfig,
  applyTurn,
  configuredWindowOf,
  createSessionState,
  type LiveMessageMeta,
  type SessionState,
} from '../../context/session/index.js';

const session = (window: number): SessionState =>
  createSessionState({ sessionId: 'w', contextWindowTokens: window });

/** A window event: the agent posts a window with a turn, or an overflow error teaches one. */
type WindowEvent = { kind: 'post'; window: number } | { kind: 'learn'; window: number };
const windowArb = fc.integer({ min: 1_000, max: 400_000 });
const eventArb: fc.Arbitrary<WindowEvent> = fc.oneof(
  windowArb.map((window) => ({ kind: 'post' as const, window })),
  windowArb.map((window) => ({ kind: 'learn' as const, window })),
);

function play(start: SessionState, events: WindowEvent[]): SessionState {
  let state = start;
  for (const event of events) {
    state =
      event.kind === 'post'
        ? (applyPostedConfig(state, { contextWindowTokens: event.window })?.state ?? state)
        : applyLearnedWindow(state, event.window).state;
  }
  return state;
}

/** The model of the rule: the configured window is the last one posted; a learned one counts until the configured one changes. */
function model(start: number, events: WindowEvent[]): { configured: number; learned?: number } {
  let configured = start;
  let learned: number | undefined;
  for (const event of events) {
    const effective = learned === undefined ? configured : Math.min(configured, learned);
    if (event.kind === 'post') {
      if (event.window !== configured) {
        configured = event.window;
        learned = undefined;
      }
    } else if (event.window < effective) {
      learned = event.window;
    }
  }
  return learned === undefined ? { configured } : { configured, learned };
}

describe('the session window', () => {
  it('uses the smaller of the configured and the learned window, over any sequence of posts and overflows', () => {
    fc.assert(
      fc.property(windowArb, fc.array(eventArb, { maxLength: 30 }), (start, events) => {
        const state = play(session(start), events);
        const expected = model(start, events);
        expect(configuredWindowOf(state)).toBe(expected.configured);
        expect(state.contextWindowTokens).toBe(
          expected.learned === undefined
            ? expected.configured
            : Math.min(expected.configured, expected.learned),
        );
      }),
    );
  });

  it('keeps a learned window through any number of turns that post the configured window again', () => {
    fc.assert(
      fc.property(
        windowArb,
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.integer({ min: 1, max: 20 }),
        (configured, fraction, turns) => {
          const learned = Math.max(1, Math.floor(configured * fraction));
          let state = applyLearnedWindow(session(configured), learned).state;
          expect(state.contextWindowTokens).toBe(learned);
          for (let i = 0; i < turns; i++) {
            expect(applyPostedConfig(state, { contextWindowTokens: configured })).toBeNull();
            const meta: LiveMessageMeta = { seq: state.lastSeq + 1, tokens: 1, role: 'user' };
            state = applyTurn(state, { messages: [meta] }).state;
          }
          expect(state.contextWindowTokens).toBe(learned);
          expect(configuredWindowOf(state)).toBe(configured);
        },
      ),
    );
  });

  it('takes settings posted with the same window without forgetting the learned window', () => {
    const learned = applyLearnedWindow(session(100_000), 60_000).state;
    const next = applyPostedConfig(learned, { contextWindowTokens: 100_000, settings: { uploadRatio: 0.6 } });
    expect(next?.state.contextWindowTokens).toBe(60_000);
    expect(next?.state.settings.uploadRatio).toBe(0.6);
  });

  it('evaluates the thresholds against a learned window at once', () => {
    // 40 messages of 1,000 tokens: 40% of 100,000, 80% of a learned 50,000.
    const metas: LiveMessageMeta[] = Array.from({ length: 40 }, (_, i) => ({
      seq: i + 1,
      tokens: 1_000,
      role: i % 2 === 0 ? 'user' : 'assistant',
    }));
    const state = applyTurn(session(100_000), { messages: metas }).state;
    expect(state.upload).toBeNull();
    const { commands } = applyLearnedWindow(state, 50_000);
    expect(commands.map((command) => command.type)).toContain('startCompaction');
  });

  it('refuses a window that is not a positive number', () => {
    expect(() => applyPostedConfig(session(10_000), { contextWindowTokens: 0 })).toThrow(RangeError);
    expect(() => applyPostedConfig(session(10_000), { contextWindowTokens: Number.NaN })).toThrow(RangeError);
  });
});
