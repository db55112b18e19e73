/**
 * The token budget of the summary in force (a session setting, `summaryMaxTokens`): the rendered
 * working memory is shrunk in a fixed order of priority — the narrative first, then the oldest
 * files read, done TODOs, old decisions, the current state, long failure texts — and says what it
 * left out. Only when all of that is not enough do the guarded sections (failures, identifiers,
 * open TODOs, modified files) show fewer items, each hidden one still counted with a pointer.
 */
import type { WorkingMemory } from './model.js';
import { fullPlan, type RenderPlan, renderWorkingMemory } from './render.js';

/** Default budget: this share of the context window… */
export const DEFAULT_SUMMARY_WINDOW_SHARE = 0.03;
/** …within these bounds (200K window → 6 000 tokens; 32K → 1 000)… */
export const MIN_DEFAULT_SUMMARY_TOKENS = 1_000;
/**
 * …the floor never above this share of the window (4K → 400 tokens, 8K → 800): a 1 000-token floor
 * was a quarter of a 4K window, so compactions ran every second turn and saved little (issue 32).
 */
export const MAX_SUMMARY_FLOOR_WINDOW_SHARE = 0.1;
export const MAX_DEFAULT_SUMMARY_TOKENS = 6_000;
/** The smallest budget a session may set. */
export const MIN_SUMMARY_MAX_TOKENS = 300;
/** Failure texts are clipped to this many chars before any failure is hidden. */
const SHORT_FAILURE_CHARS = 80;

/**
 * The summary budget of a session: its `summaryMaxTokens` setting, else 3% of its window in
 * [min(1 000, 10% of the window), 6 000], never below MIN_SUMMARY_MAX_TOKENS.
 */
export function summaryBudgetTokens(contextWindowTokens: number, setting?: number | null): number {
  if (typeof setting === 'number' && Number.isFinite(setting) && setting >= MIN_SUMMARY_MAX_TOKENS) {
    return Math.floor(setting);
  }
  const share = Math.round(Math.max(0, contextWindowTokens) * DEFAULT_SUMMARY_WINDOW_SHARE);
  const floor = Math.max(
    MIN_SUMMARY_MAX_TOKENS,
    Math.min(
      MIN_DEFAULT_SUMMARY_TOKENS,
      Math.floor(Math.max(0, contextWindowTokens) * MAX_SUMMARY_FLOOR_WINDOW_SHARE),
    ),
  );
  return Math.min(MAX_DEFAULT_SUMMARY_TOKENS, Math.max(floor, share));
}

export interface FitOptions {
  budgetTokens: number;
  /** Tokens of the summary in force as the agent receives it (the continuation message). */
  countTokens: (text: string) => number;
  sessionId?: string;
  /** Text always appended after the working memory (workspace rules); counted, never shed. */
  suffix?: string;
}

export interface FittedSummary {
  text: string;
  tokens: number;
  /** What the budget left out, one phrase each (also rendered under `## Left out`). */
  leftOut: string[];
}

interface Step {
  /** Shrinks the plan by one notch; false when this step has nothing left to take. */
  shrink(plan: RenderPlan): boolean;
  /** The phrase for what this step took, given the full plan and the final one. */
  note(full: RenderPlan, plan: RenderPlan): string | undefined;
}

const count = (key: keyof RenderPlan, what: string): Step => ({
  shrink(plan) {
    if (plan[key] <= 0) return false;
    plan[key]--;
    return true;
  },
  note(full, plan) {
    const n = full[key] - plan[key];
    return n > 0 ? `${n} ${what}` : undefined;
  },
});

const chars = (key: keyof RenderPlan, what: string, floor = 0): Step => ({
  shrink(plan) {
    if (plan[key] <= floor) return false;
    plan[key] = plan[key] > floor + 40 ? Math.max(floor, Math.floor(plan[key] / 2)) : floor;
    return true;
  },
  note(full, plan) {
    if (plan[key] >= full[key]) return undefined;
    return plan[key] === 0 ? `the ${what}` : `the ${what} (shortened)`;
  },
});

/** Priority order: what goes first. */
const STEPS: readonly Step[] = [
  chars('narrativeChars', 'narrative'),
  count('read', 'older files read'),
  count('done', 'done TODOs'),
  count('decisions', 'older decisions'),
  chars('stateChars', 'current state'),
  chars('failureChars', 'failure texts', SHORT_FAILURE_CHARS),
  count('failures', 'older tool failures'),
  count('identifiers', 'older identifiers (archived, counted above)'),
  count('open', 'older open TODOs (counted above)'),
  count('modified', 'older modified files (counted above)'),
];

/**
 * The rendered working memory within `budgetTokens`, shedding by priority. When even the bare
 * structure is over the budget (a tiny budget), the smallest rendering is returned as it is.
 */
export function fitWorkingMemory(memory: WorkingMemory, options: FitOptions): FittedSummary {
  const full = fullPlan(memory);
  const plan = { ...full };
  const suffix = options.suffix?.trim() ? `\n\n${options.suffix.trim()}` : '';
  const build = (leftOut: string[]) => {
    const text = renderWorkingMemory(memory, plan, { sessionId: options.sessionId, leftOut }) + suffix;
    return { text, tokens: options.countTokens(text), leftOut };
  };
  const notes = (): string[] => {
    const phrases = STEPS.map((step) => step.note(full, plan)).filter((p): p is string => !!p);
    return phrases.length > 0
      ? [`to fit the ${options.budgetTokens}-token budget: ${phrases.join('; ')}`]
      : [];
  };
  let result = build([]);
  for (const step of STEPS) {
    while (result.tokens > options.budgetTokens && step.shrink(plan)) result = build(notes());
    if (result.tokens <= options.budgetTokens) break;
  }
  return result;
}
