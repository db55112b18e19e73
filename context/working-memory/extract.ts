/**
 * What a compacted range itself says, read deterministically (no LLM): the files it modified and
 * read, its tool failures, the identifiers its user and tools gave, its TODOs, the latest ask and
 * statement of progress, and a short extractive narrative. The LLM cannot overrule these: they are
 * the guards' ground truth.
 */
import { collectFileActivity } from '../digest/files.js';
import {
  clipAtWord,
  collapseWhitespace,
  firstText,
  messageText,
  toolCallsOf,
} from '../digest/message-text.js';
import { conversationOnly } from '../digest/molt-text.js';
import { explicitTodos, inferPendingWork, parseTodoLine } from '../digest/pending-work.js';
import { collectToolFailures } from '../digest/tool-failures.js';
import type { Message } from '../messages.js';
import { findIdentifiers } from './identifiers.js';
import {
  type FailureEntry,
  type IdentifierEntry,
  MAX_ITEM_CHARS,
  MAX_NARRATIVE_CHARS,
  MAX_STATE_CHARS,
  MAX_TASK_CHARS,
  type WorkingMemoryProposal,
} from './model.js';

/** Tool output is noisy: at most this many of its identifiers (the newest) per range. */
export const MAX_TOOL_IDENTIFIERS_PER_RANGE = 8;
/** A user message shorter than this is not a task ("ok", "go on"). */
const MIN_TASK_CHARS = 20;
/** `- [ ] x` / `- [x] x` checklist lines in a user or assistant message. */
const CHECKLIST_LINE = /^\s*(?:[-*+]\s+)?\[( |x|X)\]\s+\S/;
/** `Done: x` / `DONE - x` lines. */
const DONE_LINE = /^\s*(?:[-*+]\s+)?done\s*[:-]\s+(.+)$/i;

function isValid(message: Message | undefined): message is Message {
  return !!message && typeof message === 'object';
}

function failureKey(failure: Pick<FailureEntry, 'tool' | 'summary'>): string {
  return `${failure.tool}\u0000${collapseWhitespace(failure.summary).toLowerCase()}`;
}

/** Failures of the range, de-duplicated by tool and text (a repeat counts). */
export function rangeFailures(messages: readonly Message[]): FailureEntry[] {
  // The full text of each failed result, so the summary is clipped at a word, not at 240 chars.
  const fullText = new Map<string, string>();
  for (const message of messages) {
    if (isValid(message) && message.role === 'toolResult' && typeof message.toolCallId === 'string') {
      if (!fullText.has(message.toolCallId)) fullText.set(message.toolCallId, messageText(message));
    }
  }
  const out: FailureEntry[] = [];
  const index = new Map<string, number>();
  for (const failure of collectToolFailures(messages)) {
    const text = collapseWhitespace(fullText.get(failure.toolCallId) ?? '');
    const entry: FailureEntry = {
      tool: failure.toolName,
      ...(failure.meta ? { meta: failure.meta } : {}),
      summary: text ? clipAtWord(text, MAX_ITEM_CHARS) : failure.summary,
      count: 1,
    };
    const key = failureKey(entry);
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, out.length);
      out.push(entry);
    } else out[at]!.count++;
  }
  return out;
}

export { failureKey };

/** A bare number (a count, a port, a pid, a timestamp) is not an identifier when only a tool printed it. */
const BARE_NUMBER = /^[\d.,:]+$/;

/**
 * Identifiers the user gave (all), then the newest few the tools returned that the session uses:
 * a tool's identifier counts only when the assistant's text or a tool call names it too, and never
 * when it is a bare number (issue 32: six-digit numbers of tool output filled the list).
 */
export function rangeIdentifiers(messages: readonly Message[]): IdentifierEntry[] {
  const user: string[] = [];
  const tool: string[] = [];
  const used: string[] = [];
  for (const message of messages) {
    if (!isValid(message)) continue;
    if (message.role === 'user') user.push(...findIdentifiers(messageText(message)));
    else if (message.role === 'toolResult')
      tool.push(...findIdentifiers(messageText(message), { paths: false }));
    else if (message.role === 'assistant') {
      used.push(messageText(message));
      for (const call of toolCallsOf(message)) used.push(JSON.stringify(call.arguments));
    }
  }
  const usedText = used.join('\n');
  const seen = new Set<string>();
  const out: IdentifierEntry[] = [];
  for (const value of user) {
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value, from: 'user' });
  }
  const fromTools = [...new Set(tool)].filter(
    (value) => !seen.has(value) && !BARE_NUMBER.test(value) && usedText.includes(value),
  );
  for (const value of fromTools.slice(-MAX_TOOL_IDENTIFIERS_PER_RANGE)) out.push({ value, from: 'tool' });
  return out;
}

/** Checklist and `Done:` lines of the user's and assistant's text. */
function checklistTodos(messages: readonly Message[]): { open: string[]; done: string[] } {
  const open: string[] = [];
  const done: string[] = [];
  for (const message of messages) {
    if (!isValid(message) || (message.role !== 'user' && message.role !== 'assistant')) continue;
    for (const line of messageText(message).split(/\r?\n/)) {
      const finished = DONE_LINE.exec(line);
      if (finished) {
        done.push(clipAtWord(finished[1]!, MAX_ITEM_CHARS));
        continue;
      }
      if (!CHECKLIST_LINE.test(line)) continue;
      const todo = parseTodoLine(line);
      if (todo) (todo.status === 'done' ? done : open).push(clipAtWord(todo.text, MAX_ITEM_CHARS));
    }
  }
  return { open, done };
}

function userTexts(messages: readonly Message[]): string[] {
  return messages
    .filter((message) => isValid(message) && message.role === 'user')
    .map((message) => collapseWhitespace(firstText(message) ?? ''))
    .filter((text) => text.length > 0);
}

/** The newest user ask and the newest assistant statement, each clipped at a word. */
function currentState(messages: readonly Message[]): string {
  const asks = userTexts(messages);
  const latestAsk = asks[asks.length - 1];
  let latestSaid: string | undefined;
  for (let i = messages.length - 1; i >= 0 && latestSaid === undefined; i--) {
    const message = messages[i];
    if (isValid(message) && message.role === 'assistant') {
      const text = collapseWhitespace(messageText(message));
      if (text) latestSaid = text;
    }
  }
  const parts: string[] = [];
  if (latestAsk) parts.push(`Latest user ask: ${clipAtWord(latestAsk, MAX_STATE_CHARS / 2)}`);
  if (latestSaid) parts.push(`Last progress: ${clipAtWord(latestSaid, MAX_STATE_CHARS / 2)}`);
  return parts.join('\n');
}

/**
 * The extractive narrative of a range: how much happened, the tools used and the user's requests —
 * counts and the user's own words, never raw tool output.
 */
export function extractiveNarrative(messages: readonly Message[]): string {
  const valid = messages.filter(isValid);
  const count = (role: Message['role']) => valid.filter((message) => message.role === role).length;
  const tools = new Map<string, number>();
  for (const message of valid) {
    for (const call of toolCallsOf(message))
      if (call.name) tools.set(call.name, (tools.get(call.name) ?? 0) + 1);
  }
  const toolList = [...tools.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 8)
    .map(([name, n]) => `${name} ×${n}`);
  const errors = valid.filter((message) => message.role === 'toolResult' && message.isError === true).length;
  const sentences = [
    `${valid.length} messages (${count('user')} from the user, ${count('assistant')} from the assistant, ${count('toolResult')} tool results${errors > 0 ? `, ${errors} of them errors` : ''}).`,
  ];
  if (toolList.length > 0) sentences.push(`Tools called: ${toolList.join(', ')}.`);
  const asks = userTexts(valid).slice(-3);
  if (asks.length > 0)
    sentences.push(`The user asked: ${asks.map((ask) => `"${clipAtWord(ask, 200)}"`).join('; ')}.`);
  return clipAtWord(sentences.join(' '), MAX_NARRATIVE_CHARS);
}

/** Sentences that record a decision (the LLM lists decisions itself; offline these are read). */
const DECISION = /\b(?:decided|decision|we(?:'ll| will) (?:use|go with|keep)|going with|chose|agreed)\b/i;
/** At most this many decision sentences per range, the newest. */
export const MAX_DECISIONS_PER_RANGE = 3;

function decisionSentences(messages: readonly Message[]): string[] {
  const found: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    for (const sentence of messageText(message).split(/\n+|(?<=[.!?])\s+/)) {
      if (DECISION.test(sentence)) found.push(clipAtWord(sentence, MAX_ITEM_CHARS));
    }
  }
  return [...new Set(found)].slice(-MAX_DECISIONS_PER_RANGE);
}

/** Sentences that are not a request: greetings, introductions, thanks, things to remember. */
const NOT_A_REQUEST =
  /^(?:(?:hi|hello|hey|good (?:morning|afternoon|evening)|greetings)\b[^.!?]*|(?:i'?m|i am|my name is|this is)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*(?:here)?|(?:please\s+)?(?:remember|note|keep in mind)\b.*|thanks?(?: you)?\b.*|ok(?:ay)?|sure|great)[.!?,\s]*$/i;

/**
 * The user's actual request: the first user message that asks something, without its greeting,
 * introduction or things to remember ("Hi! I'm Dana. Please remember that I prefer tabs. Fix the
 * login bug." → "Fix the login bug."). A message of only those is no task.
 */
export function taskOf(messages: readonly Message[]): string | undefined {
  for (const text of userTexts(messages)) {
    const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => !NOT_A_REQUEST.test(s.trim()));
    const request = sentences.join(' ').trim();
    if (request.length >= MIN_TASK_CHARS) return request;
  }
  return undefined;
}

/**
 * Everything the range proposes, read from the messages alone — what they state, never molt's own
 * injected blocks or prompt text (digest/molt-text.ts).
 */
export function proposalFromRange(messages: readonly Message[]): WorkingMemoryProposal {
  const valid = conversationOnly(messages.filter(isValid));
  const files = collectFileActivity(valid);
  const checklist = checklistTodos(valid);
  const task = taskOf(valid);
  return {
    ...(task ? { task: clipAtWord(task, MAX_TASK_CHARS) } : {}),
    filesModified: files.modified,
    filesRead: files.read,
    todosOpen: [...explicitTodos(valid), ...inferPendingWork(valid), ...checklist.open],
    todosDone: checklist.done,
    decisions: decisionSentences(valid),
    failures: rangeFailures(valid),
    identifiers: rangeIdentifiers(valid),
    state: currentState(valid),
    narrative: extractiveNarrative(valid),
  };
}
