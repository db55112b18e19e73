/**
 * Pending work (docs/engine-rules.md#the-summary): sentences that announce unfinished work, plus the open items an
 * LLM summary lists under `## Open TODOs`, tracked with a status across compactions so a TODO never
 * silently disappears.
 */

import type { Message } from '../messages.js';
import { clipAtWord, collapseWhitespace, messageText } from './message-text.js';
import { isMoltOwnText } from './molt-text.js';

/** How many pending-work sentences the digest keeps (claw-code kept 3; molt reads sentences, not messages). */
export const MAX_PENDING_WORK_ITEMS = 5;
/** Each item is capped near this many chars, never inside a word (claw-code cut at 160 exactly). */
export const MAX_PENDING_WORK_CHARS = 160;
/** Open TODOs are all kept; finished ones only this many (the newest), so the list stays bounded. */
export const MAX_DONE_TODOS_KEPT = 20;
export const OPEN_TODOS_HEADING = '## Open TODOs';

/**
 * Keywords as whole words. molt: claw-code matched substrings, so "nextjs" and "next.js" counted as
 * pending work; a keyword here may not touch a letter, digit, `-`, or a `.` followed by a letter.
 */
const PENDING_KEYWORD =
  /(?<![\w.-])(?:todos?|next|pending|follow[ -]?ups?|followups?|remaining)(?![\w-]|\.\w)/i;

export type TodoStatus = 'open' | 'done';
export interface Todo {
  text: string;
  status: TodoStatus;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => collapseWhitespace(sentence))
    .filter((sentence) => sentence.length > 0);
}

/**
 * Sentences of the newest user and assistant messages that mention todo, next, pending, follow up or
 * remaining, oldest first, de-duplicated, each capped. Tool output is skipped: a source file full of
 * `TODO` comments is not the agent's plan.
 */
export function inferPendingWork(messages: readonly Message[]): string[] {
  const picked: string[] = [];
  const seen = new Set<string>();
  for (let i = messages.length - 1; i >= 0 && picked.length < MAX_PENDING_WORK_ITEMS; i--) {
    const message = messages[i];
    if (!message || (message.role !== 'user' && message.role !== 'assistant')) continue;
    const sentences = sentencesOf(messageText(message));
    for (let j = sentences.length - 1; j >= 0 && picked.length < MAX_PENDING_WORK_ITEMS; j--) {
      const sentence = sentences[j]!;
      if (!PENDING_KEYWORD.test(sentence)) continue;
      const key = todoKey(sentence);
      if (seen.has(key)) continue;
      seen.add(key);
      picked.push(clipAtWord(sentence, MAX_PENDING_WORK_CHARS));
    }
  }
  return picked.reverse();
}

/** A sentence that opens with `TODO` (`TODO: x`, `TODO - x`, `todo x`): an explicit task. */
const EXPLICIT_TODO = /^todo\b[\s:-]/i;

/**
 * Every sentence of the user's and assistant's text that opens with `TODO`, oldest first, clipped
 * like inferPendingWork's (so the two find the same text). Unlike inferPendingWork's heuristic
 * these are not limited per range: the user said it is a task.
 */
export function explicitTodos(messages: readonly Message[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const message of messages) {
    if (!message || (message.role !== 'user' && message.role !== 'assistant')) continue;
    for (const sentence of sentencesOf(messageText(message))) {
      if (!EXPLICIT_TODO.test(sentence)) continue;
      const text = clipAtWord(sentence, MAX_PENDING_WORK_CHARS);
      if (seen.has(todoKey(text))) continue;
      seen.add(todoKey(text));
      found.push(text);
    }
  }
  return found;
}

const CHECKBOX = /^\[( |x|X)\]\s*/;
const BULLET = /^(?:[-*+•]|\d+[.)])\s+/;
const DONE_SUFFIX = /\s*\((?:done|completed|finished)\)\s*$/i;
const EMPTY_ITEM = /^(?:none|n\/a|nothing|\(none\)|-)\.?$/i;

/** One list line as a TODO: `- [x] a` and `~~a~~` and `a (done)` are done; anything else is open. */
export function parseTodoLine(line: string): Todo | undefined {
  let text = line.trim().replace(BULLET, '');
  let status: TodoStatus = 'open';
  const box = CHECKBOX.exec(text);
  if (box) {
    if (box[1] !== ' ') status = 'done';
    text = text.slice(box[0].length);
  }
  const struck = /^~~(.+)~~$/.exec(text);
  if (struck) {
    status = 'done';
    text = struck[1]!;
  }
  if (DONE_SUFFIX.test(text)) {
    status = 'done';
    text = text.replace(DONE_SUFFIX, '');
  }
  text = collapseWhitespace(text);
  if (!text || EMPTY_ITEM.test(text)) return undefined;
  return { text, status };
}

/** The items listed under `## Open TODOs` in an LLM summary body (up to the next heading). */
export function extractOpenTodos(summaryBody: string): Todo[] {
  const todos: Todo[] = [];
  let inSection = false;
  for (const line of summaryBody.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (/^#{1,6}\s/.test(trimmed)) {
      inSection = trimmed.replace(/:$/, '').toLowerCase() === OPEN_TODOS_HEADING.toLowerCase();
      continue;
    }
    if (!inSection || !trimmed || isMoltOwnText(trimmed)) continue;
    const todo = parseTodoLine(trimmed);
    if (todo) todos.push(todo);
  }
  return todos;
}

/** Two wordings of one TODO match when they differ only in case, spacing or final punctuation. */
export function todoKey(text: string): string {
  return collapseWhitespace(text)
    .toLowerCase()
    .replace(/[.;:!,]+$/, '');
}

/**
 * Carries TODOs across compactions. Every previous TODO stays (an open one stays open until a later
 * summary marks it done); an extracted TODO that matches a previous one updates its status; new ones
 * are appended. Only finished TODOs are ever dropped, oldest first, beyond MAX_DONE_TODOS_KEPT.
 */
export function mergeTodos(previous: readonly Todo[], extracted: readonly (string | Todo)[]): Todo[] {
  const merged: Todo[] = [];
  const indexByKey = new Map<string, number>();
  const add = (todo: Todo) => {
    const key = todoKey(todo.text);
    if (!key) return;
    const existing = indexByKey.get(key);
    if (existing === undefined) {
      indexByKey.set(key, merged.length);
      merged.push({ text: collapseWhitespace(todo.text), status: todo.status });
    } else {
      merged[existing] = { text: merged[existing]!.text, status: todo.status };
    }
  };
  for (const todo of previous) add(todo);
  for (const item of extracted) add(typeof item === 'string' ? { text: item, status: 'open' } : item);

  const doneCount = merged.filter((todo) => todo.status === 'done').length;
  let toDrop = Math.max(0, doneCount - MAX_DONE_TODOS_KEPT);
  return merged.filter((todo) => {
    if (toDrop > 0 && todo.status === 'done') {
      toDrop--;
      return false;
    }
    return true;
  });
}
