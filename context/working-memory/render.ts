/**
 * The working memory as the text of the summary in force: headed sections in a fixed order inside
 * `<working-memory>`, every item on one line, identifiers verbatim. A `RenderPlan` says how much of
 * each section to show; budget.ts shrinks it to fit, and the `## Left out` section says what went.
 */
import { clipAtWord, clipLines } from '../digest/message-text.js';
import type { WorkingMemory } from './model.js';

export const WORKING_MEMORY_HEADINGS = {
  task: '## Task',
  state: '## Current state',
  modified: '## Files modified',
  read: '## Files read (recent)',
  open: '## Open TODOs',
  done: '## Done',
  decisions: '## Decisions',
  failures: '## Tool failures',
  identifiers: '## Exact identifiers',
  narrative: '## Narrative',
  leftOut: '## Left out',
} as const;

/** How much of each section is shown (counts show the newest; chars clip at a word). */
export interface RenderPlan {
  narrativeChars: number;
  read: number;
  done: number;
  decisions: number;
  stateChars: number;
  failureChars: number;
  failures: number;
  identifiers: number;
  open: number;
  modified: number;
}

export function fullPlan(memory: WorkingMemory): RenderPlan {
  return {
    narrativeChars: memory.narrative.length,
    read: memory.filesRead.length,
    done: memory.todosDone.length,
    decisions: memory.decisions.length,
    stateChars: memory.state.length,
    failureChars: Math.max(0, ...memory.failures.map((failure) => failure.summary.length)),
    failures: memory.failures.length,
    identifiers: memory.identifiers.length,
    open: memory.todosOpen.length,
    modified: memory.filesModified.length,
  };
}

export interface RenderOptions {
  /** Named in the pointer to archived items (`GET /v1/sessions/{id}/working-memory`). */
  sessionId?: string;
  /** What the budget left out, one phrase each (budget.ts). */
  leftOut?: readonly string[];
  /** false: the sections without the `<working-memory>` wrapper (a range's extractive digest). */
  wrap?: boolean;
}

function pointer(sessionId: string | undefined): string {
  const id = sessionId ?? '{session}';
  return `GET /v1/sessions/${id}/working-memory or \`molt working-memory ${id}\` lists them`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The newest `shown` items (the list is newest first) and how many older ones were not shown. */
function newest<T>(items: readonly T[], shown: number): { items: T[]; hidden: number } {
  const n = Math.max(0, Math.min(shown, items.length));
  return { items: items.slice(0, n), hidden: items.length - n };
}

/** The newest `shown` items of an oldest-first list. */
function latest<T>(items: readonly T[], shown: number): { items: T[]; hidden: number } {
  const n = Math.max(0, Math.min(shown, items.length));
  return { items: items.slice(items.length - n), hidden: items.length - n };
}

export function renderWorkingMemory(
  memory: WorkingMemory,
  plan: RenderPlan = fullPlan(memory),
  options: RenderOptions = {},
): string {
  const h = WORKING_MEMORY_HEADINGS;
  const sections: string[] = [];
  const section = (heading: string, lines: readonly string[]) => {
    if (lines.length > 0) sections.push(`${heading}\n${lines.join('\n')}`);
  };
  const archivedNote = (count: number, what: string) =>
    count > 0 ? [`- …and ${plural(count, what)} archived (${pointer(options.sessionId)})`] : [];

  if (memory.task) section(h.task, [memory.task]);
  if (plan.stateChars > 0 && memory.state) section(h.state, [clipLines(memory.state, plan.stateChars)]);

  const modified = newest(memory.filesModified, plan.modified);
  section(h.modified, [
    ...modified.items.map((path) => `- ${path}`),
    ...archivedNote(modified.hidden + memory.archived.filesModified.count, 'older modified file'),
  ]);

  const read = newest(memory.filesRead, plan.read);
  section(
    h.read,
    read.items.map((path) => `- ${path}`),
  );

  const open = latest(memory.todosOpen, plan.open);
  section(h.open, [
    ...open.items.map((todo) => `- [ ] ${todo}`),
    ...archivedNote(open.hidden + memory.archived.todosOpen.count, 'older open TODO'),
  ]);

  const earlier = (n: number, what: string) => (n > 0 ? [`- …and ${plural(n, what)} not listed`] : []);
  const done = latest(memory.todosDone, plan.done);
  section(h.done, [
    ...done.items.map((todo) => `- [x] ${todo}`),
    ...earlier(done.hidden + memory.dropped.todosDone, 'earlier done TODO'),
  ]);

  const decisions = latest(memory.decisions, plan.decisions);
  section(h.decisions, [
    ...decisions.items.map((decision) => `- ${decision}`),
    ...earlier(decisions.hidden + memory.dropped.decisions, 'earlier decision'),
  ]);

  const failures = latest(memory.failures, plan.failures);
  section(h.failures, [
    ...failures.items.map((failure) => {
      const meta = failure.meta ? ` (${failure.meta})` : '';
      const times = failure.count > 1 ? ` ×${failure.count}` : '';
      return `- ${failure.tool}${meta}${times}: ${clipAtWord(failure.summary, Math.max(1, plan.failureChars))}`;
    }),
    ...earlier(memory.dropped.failures + failures.hidden, 'earlier failure'),
  ]);

  const identifiers = latest(memory.identifiers, plan.identifiers);
  section(h.identifiers, [
    ...identifiers.items.map((entry) => `- ${entry.value}`),
    ...archivedNote(identifiers.hidden + memory.archived.identifiers.count, 'older identifier'),
  ]);

  if (plan.narrativeChars > 0 && memory.narrative) {
    section(h.narrative, [clipAtWord(memory.narrative, plan.narrativeChars)]);
  }
  if (options.leftOut && options.leftOut.length > 0) {
    section(
      h.leftOut,
      options.leftOut.map((phrase) => `- ${phrase}`),
    );
  }
  if (options.wrap === false) return sections.join('\n\n');
  const header = `<working-memory compactions="${memory.compactions}" through-seq="${memory.throughSeq}">`;
  return [header, sections.join('\n\n'), '</working-memory>'].filter((part) => part.length > 0).join('\n');
}
