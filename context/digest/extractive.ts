/**
 * The extractive digest (docs/engine-rules.md#the-summary): a deterministic summary built without an LLM, after
 * claw-code's `summarize_messages`. It is molt's offline default summarizer and the last fallback of
 * every chunk, so a compaction never ends with "Summary unavailable".
 */
import type { Message } from '../messages.js';
import { collectKeyFiles, MAX_FILES_SHOWN } from './files.js';
import {
  capText,
  collapseWhitespace,
  firstText,
  messageText,
  safeJson,
  toolCallsOf,
} from './message-text.js';
import { inferPendingWork } from './pending-work.js';

/** Every line item of the digest is capped at this many chars (claw-code's 160). */
export const MAX_DIGEST_ITEM_CHARS = 160;
/** How many of the newest user requests are quoted. */
export const MAX_RECENT_USER_REQUESTS = 3;
/** How many tool names the "Tools used" line lists. */
export const MAX_TOOLS_LISTED = 20;
/**
 * The timeline lists the newest messages only; older ones are counted. Without a bound a long range
 * would fill the 16 000-char summary cap with its oldest lines and lose the newest to the cut.
 */
export const MAX_TIMELINE_LINES = 60;
/** An earlier summary folded into this digest is cut to this many chars. */
export const MAX_PREVIOUS_SUMMARY_CHARS = 4_000;

const SUMMARY_HEADER_LINES = new Set(['<summary>', '</summary>', 'Summary:', 'Conversation summary:']);

/**
 * An earlier digest as it is folded in: without its own headers and without the summary *it*
 * folded in, so rolling compactions keep one level of history instead of nesting ever deeper.
 * (The TODOs persist across compactions in their own table and section.)
 */
export function flattenPreviousSummary(summary: string): string {
  const out: string[] = [];
  let skipDeeperThan = -1;
  for (const line of summary.split(/\r?\n/)) {
    const depth = line.length - line.trimStart().length;
    if (skipDeeperThan >= 0) {
      if (line.trim() === '' || depth > skipDeeperThan) continue;
      skipDeeperThan = -1;
    }
    const trimmed = line.trim();
    if (SUMMARY_HEADER_LINES.has(trimmed)) continue;
    if (trimmed === '- Earlier summary:') {
      skipDeeperThan = depth;
      continue;
    }
    out.push(line);
  }
  return out.join('\n').trim();
}

function item(text: string): string {
  return capText(collapseWhitespace(text), MAX_DIGEST_ITEM_CHARS);
}

function toolNames(messages: readonly Message[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    for (const call of toolCallsOf(message)) if (call.name) names.add(call.name);
    if (message?.role === 'toolResult' && typeof message.toolName === 'string' && message.toolName) {
      names.add(message.toolName);
    }
  }
  return [...names].sort();
}

function recentUserRequests(messages: readonly Message[]): string[] {
  const requests: string[] = [];
  for (let i = messages.length - 1; i >= 0 && requests.length < MAX_RECENT_USER_REQUESTS; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const text = firstText(message);
    if (text) requests.push(item(text));
  }
  return requests.reverse();
}

function currentWork(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message || message.role === 'toolResult') continue;
    const text = firstText(message);
    if (text) return item(text);
  }
  return undefined;
}

/** One line for one message: its text, its tool calls, or its tool output. */
function timelineLine(message: Message): string {
  if (message.role === 'toolResult') {
    const name = typeof message.toolName === 'string' && message.toolName ? message.toolName : 'tool';
    const status = message.isError === true ? ' (error)' : '';
    return item(`toolResult ${name}${status}: ${messageText(message) || '(no output)'}`);
  }
  const parts: string[] = [];
  const text = collapseWhitespace(messageText(message));
  if (text) parts.push(text);
  for (const call of toolCallsOf(message)) parts.push(`tool call ${call.name}(${safeJson(call.arguments)})`);
  return item(`${message.role}: ${parts.join(' | ') || '(no text)'}`);
}

/** The digest of a compacted range, optionally folding in the summary that was in force before it. */
export function buildExtractiveDigest(
  messages: readonly Message[],
  options: { previousSummary?: string } = {},
): string {
  const valid = messages.filter((message): message is Message => !!message && typeof message === 'object');
  const count = (role: Message['role']) => valid.filter((message) => message.role === role).length;
  const lines = [
    '<summary>',
    'Conversation summary:',
    `- Scope: ${valid.length} earlier messages compacted (user=${count('user')}, assistant=${count('assistant')}, toolResult=${count('toolResult')}).`,
  ];

  const previous = options.previousSummary ? flattenPreviousSummary(options.previousSummary) : '';
  if (previous) {
    lines.push('- Earlier summary:');
    for (const line of capText(previous, MAX_PREVIOUS_SUMMARY_CHARS).split('\n')) {
      if (line.trim()) lines.push(`  ${line}`);
    }
  }

  const tools = toolNames(valid);
  if (tools.length > 0) {
    const listed = tools.slice(0, MAX_TOOLS_LISTED).join(', ');
    const more = tools.length > MAX_TOOLS_LISTED ? ` and ${tools.length - MAX_TOOLS_LISTED} more` : '';
    lines.push(`- Tools used: ${listed}${more}.`);
  }

  const requests = recentUserRequests(valid);
  if (requests.length > 0) {
    lines.push('- Recent user requests:');
    for (const request of requests) lines.push(`  - ${request}`);
  }

  const pending = inferPendingWork(valid);
  if (pending.length > 0) {
    lines.push('- Pending work:');
    for (const work of pending) lines.push(`  - ${item(work)}`);
  }

  const files = collectKeyFiles(valid);
  if (files.length > 0) {
    const shown = files.slice(0, MAX_FILES_SHOWN).join(', ');
    const more = files.length > MAX_FILES_SHOWN ? ` and ${files.length - MAX_FILES_SHOWN} more` : '';
    lines.push(`- Key files: ${shown}${more}.`);
  }

  const current = currentWork(valid);
  if (current) lines.push(`- Current work: ${current}`);

  lines.push('- Timeline:');
  const omitted = Math.max(0, valid.length - MAX_TIMELINE_LINES);
  if (omitted > 0) lines.push(`  - (${omitted} earlier messages not listed)`);
  for (const message of valid.slice(omitted)) lines.push(`  - ${timelineLine(message)}`);
  lines.push('</summary>');
  return lines.join('\n');
}
