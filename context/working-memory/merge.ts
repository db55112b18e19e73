/**
 * One compaction's proposal merged into the working memory with molt's guards (docs/working-memory.md):
 * nothing leaves a section because a summarizer left it out. Modified files, open TODOs and
 * identifiers only ever leave the list for the archive (counted, with a pointer), or — a TODO —
 * for `done`; files read, done TODOs, decisions and failures are bounded, the excess counted.
 */
import { clipAtWord, clipLines, collapseWhitespace } from '../digest/message-text.js';
import { todoKey as textKey } from '../digest/pending-work.js';
import { failureKey } from './extract.js';
import {
  type Archive,
  type FailureEntry,
  type IdentifierEntry,
  MAX_ARCHIVED,
  MAX_DECISIONS,
  MAX_DONE_TODOS,
  MAX_FAILURES,
  MAX_IDENTIFIERS,
  MAX_MODIFIED_FILES,
  MAX_NARRATIVE_CHARS,
  MAX_OPEN_TODOS,
  MAX_READ_FILES,
  MAX_STATE_CHARS,
  MAX_TASK_CHARS,
  type WorkingMemory,
  type WorkingMemoryProposal,
} from './model.js';

/**
 * A TODO's identity: its text without a leading `TODO:` (so `Done: x` finishes `TODO: x.`) and
 * without a trailing `(status)` note, which a model rewrites from one summary to the next.
 */
export function taskKey(text: string): string {
  return textKey(text.replace(/^todo\b[\s:-]*/i, '').replace(/\s*\([^()]*\)[\s.;:!,]*$/, ''));
}

/** Adds items to an archive (oldest first), removing ones that came back; the count stays exact. */
function archive(previous: Archive, pushed: readonly string[], back: ReadonlySet<string>): Archive {
  const kept = previous.items.filter((item) => !back.has(item));
  const removed = previous.items.length - kept.length;
  const items = [...kept, ...pushed.filter((item) => !kept.includes(item))];
  const count = previous.count - removed + (items.length - kept.length);
  return { items: items.slice(-MAX_ARCHIVED), count: Math.max(count, Math.min(items.length, MAX_ARCHIVED)) };
}

/** Newest-first list: the new ones first, then the previous ones not repeated. */
function newestFirst(fresh: readonly string[], previous: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of [...fresh, ...previous]) if (item && !out.includes(item)) out.push(item);
  return out;
}

function mergeTodos(
  previous: WorkingMemory,
  proposal: WorkingMemoryProposal,
): Pick<WorkingMemory, 'todosOpen' | 'todosDone'> & { archived: Archive; droppedDone: number } {
  const doneKeys = new Set((proposal.todosDone ?? []).map(taskKey));
  const previousDoneKeys = new Set(previous.todosDone.map(taskKey));
  const open: string[] = [];
  const openKeys = new Set<string>();
  const done = [...previous.todosDone];
  const finish = (text: string) => {
    const key = taskKey(text);
    if (!previousDoneKeys.has(key) && !done.some((item) => taskKey(item) === key)) done.push(text);
  };
  for (const text of previous.todosOpen) {
    if (doneKeys.has(taskKey(text))) finish(text);
    else if (!openKeys.has(taskKey(text))) {
      openKeys.add(taskKey(text));
      open.push(text);
    }
  }
  // Archived open TODOs can be finished too; they then leave the archive for `done`.
  const finishedFromArchive = previous.archived.todosOpen.items.filter((text) => doneKeys.has(taskKey(text)));
  for (const text of finishedFromArchive) finish(text);
  const archivedKeys = new Set(previous.archived.todosOpen.items.map(taskKey));
  for (const raw of proposal.todosOpen ?? []) {
    const text = collapseWhitespace(raw);
    const key = taskKey(text);
    if (!key || openKeys.has(key) || doneKeys.has(key) || archivedKeys.has(key)) continue;
    if (previousDoneKeys.has(key)) continue; // finished earlier: a repeat does not reopen it
    openKeys.add(key);
    open.push(text);
  }
  for (const text of proposal.todosDone ?? []) if (taskKey(text)) finish(collapseWhitespace(text));
  const pushed = open.length > MAX_OPEN_TODOS ? open.splice(0, open.length - MAX_OPEN_TODOS) : [];
  const droppedDone = Math.max(0, done.length - MAX_DONE_TODOS);
  return {
    todosOpen: open,
    todosDone: done.slice(droppedDone),
    archived: archive(previous.archived.todosOpen, pushed, new Set(finishedFromArchive)),
    droppedDone,
  };
}

function mergeFailures(previous: readonly FailureEntry[], fresh: readonly FailureEntry[]) {
  const merged = previous.map((failure) => ({ ...failure }));
  for (const failure of fresh) {
    const at = merged.findIndex((kept) => failureKey(kept) === failureKey(failure));
    if (at < 0) {
      merged.push({ ...failure });
      continue;
    }
    const [kept] = merged.splice(at, 1);
    merged.push({ ...kept!, count: kept!.count + failure.count });
  }
  const dropped = Math.max(0, merged.length - MAX_FAILURES);
  return { failures: merged.slice(dropped), dropped };
}

function mergeIdentifiers(previous: WorkingMemory, fresh: readonly IdentifierEntry[]) {
  const list: IdentifierEntry[] = previous.identifiers.map((entry) => ({ ...entry }));
  const back = new Set<string>();
  for (const entry of fresh) {
    const value = entry.value;
    if (!value) continue;
    const at = list.findIndex((kept) => kept.value === value);
    if (at >= 0) {
      if (entry.from === 'user') list[at]!.from = 'user';
      continue;
    }
    if (previous.archived.identifiers.items.includes(value)) back.add(value);
    list.push({ value, from: entry.from });
  }
  // Over the bound, the oldest tool-given identifiers go to the archive first, then the user's.
  const pushed: string[] = [];
  for (const from of ['tool', 'user'] as const) {
    for (let i = 0; i < list.length && list.length > MAX_IDENTIFIERS; ) {
      if (list[i]!.from === from) pushed.push(list.splice(i, 1)[0]!.value);
      else i++;
    }
  }
  return { identifiers: list, archived: archive(previous.archived.identifiers, pushed, back) };
}

function mergeDecisions(previous: readonly string[], fresh: readonly string[]) {
  const merged = [...previous];
  for (const raw of fresh) {
    const text = collapseWhitespace(raw);
    const key = text.toLowerCase().replace(/[.;:!,]+$/, '');
    if (!key || merged.some((kept) => kept.toLowerCase().replace(/[.;:!,]+$/, '') === key)) continue;
    merged.push(text);
  }
  const dropped = Math.max(0, merged.length - MAX_DECISIONS);
  return { decisions: merged.slice(dropped), dropped };
}

export interface MergeOptions {
  /** The last seq of the compacted range. */
  throughSeq: number;
}

/**
 * The working memory after one more compaction. Pure and deterministic; the guards are the point:
 * whatever the proposal leaves out, nothing of `previous` disappears without a trace.
 */
export function mergeWorkingMemory(
  previous: WorkingMemory,
  proposal: WorkingMemoryProposal,
  options: MergeOptions,
): WorkingMemory {
  const modifiedAll = newestFirst(proposal.filesModified ?? [], previous.filesModified);
  const modifiedBack = new Set(
    (proposal.filesModified ?? []).filter((path) => previous.archived.filesModified.items.includes(path)),
  );
  const modifiedPushed = modifiedAll.splice(MAX_MODIFIED_FILES).reverse(); // oldest first
  const modifiedSet = new Set([...modifiedAll, ...modifiedPushed]);
  const readAll = newestFirst(proposal.filesRead ?? [], previous.filesRead).filter(
    (path) => !modifiedSet.has(path) && !previous.archived.filesModified.items.includes(path),
  );
  const readDropped = Math.max(0, readAll.length - MAX_READ_FILES);
  const todos = mergeTodos(previous, proposal);
  const failures = mergeFailures(previous.failures, proposal.failures ?? []);
  const identifiers = mergeIdentifiers(previous, proposal.identifiers ?? []);
  const decisions = mergeDecisions(previous.decisions, proposal.decisions ?? []);
  const task = previous.task || clipAtWord(proposal.task ?? '', MAX_TASK_CHARS);
  return {
    version: 1,
    compactions: previous.compactions + 1,
    throughSeq: Math.max(previous.throughSeq, options.throughSeq),
    task,
    filesModified: modifiedAll,
    filesRead: readAll.slice(0, MAX_READ_FILES),
    todosOpen: todos.todosOpen,
    todosDone: todos.todosDone,
    decisions: decisions.decisions,
    failures: failures.failures,
    identifiers: identifiers.identifiers,
    state: clipLines(proposal.state || previous.state, MAX_STATE_CHARS),
    narrative: clipAtWord(proposal.narrative || previous.narrative, MAX_NARRATIVE_CHARS),
    archived: {
      filesModified: archive(previous.archived.filesModified, modifiedPushed, modifiedBack),
      todosOpen: todos.archived,
      identifiers: identifiers.archived,
    },
    dropped: {
      filesRead: previous.dropped.filesRead + readDropped,
      todosDone: previous.dropped.todosDone + todos.droppedDone,
      decisions: previous.dropped.decisions + decisions.dropped,
      failures: previous.dropped.failures + failures.dropped,
    },
  };
}
