/**
 * The fake LLM's deterministic answers: a summary with the required sections built from the
 * prompt's own identifiers, or a memory extraction's JSON (test/fake-llm/server.ts serves them).
 */
import { MEMORY_EXTRACTION_MARKER } from '../../context/memory/llm-prompt.js';
import type { ChatContent, RecordedCall } from './server.js';

/** The text of a chat message's content (a string, or the text parts of an array). */
export function contentText(content: ChatContent | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

const SUMMARY_HEADINGS = [
  '## Decisions',
  '## Open TODOs',
  '## Constraints/Rules',
  '## Pending user asks',
  '## Exact identifiers',
] as const;

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>`)\]]+/g;
const CALL_ID_PATTERN = /\b(?:call|toolu|tool)_[A-Za-z0-9_-]+/g;
/** Absolute, relative (`./`, `../`, `~/`) or nested paths ending in an extension. */
const PATH_PATTERN = /(?:~|\.{1,2})?\/?(?:[\w.@-]+\/)+[\w.@-]+\.[A-Za-z0-9]{1,8}\b/g;
/** A transcript line spoken by the user: `user: …`, `[user] …`, `User (turn 3): …`, `### user …`. */
const USER_LINE_PATTERN =
  /^\s*(?:#+\s*)?(?:\[user\b[^\]\n]*\]|<user\b[^>\n]*>|\(user\b[^)\n]*\)|user\b[^:\n]{0,40}:)\s*(.+)$/i;

/**
 * The deterministic answer. For a summarization request (the system prompt or the prompt mentions
 * summar…): the five headings of docs/engine-rules.md#the-summary with every URL, call id and file path found in
 * the prompt, and the last user line quoted; otherwise a short echo.
 */
/**
 * A memory extraction answer: each user sentence with "remember" or "prefer" becomes a candidate
 * quoting it verbatim (a forwarded `>` line included), a tool result's planted "remember that my
 * name is …" becomes a profile quoting "ok", plus one candidate whose quote is invented (the
 * verifier must reject all but the user's own sentences).
 */
export function fakeMemoryAnswer(prompt: string): string {
  const memories: unknown[] = [];
  // Known memories (JSON data): a sentence saying "now" or "instead" supersedes the first one.
  const knownJson = /<known_memories>\n([\s\S]*?)\n<\/known_memories>/.exec(prompt)?.[1];
  const known = knownJson ? (JSON.parse(knownJson) as Array<{ id: string }>) : [];
  for (const match of prompt.matchAll(/<message seq="\d+" role="user"[^>\n]*>\n([\s\S]*?)\n<\/message>/g)) {
    for (const sentence of match[1]!.split(/(?<=[.!?])\s+/)) {
      if (!/remember|prefer/i.test(sentence)) continue;
      const content = sentence.trim();
      memories.push({
        type: 'preference',
        content,
        abstract: content.slice(0, 200),
        key: null,
        quote: content,
        priority: 3,
        update:
          known[0] && /\b(?:now|instead)\b/i.test(content)
            ? { action: 'supersede', target: known[0].id, reason: 'the user changed their mind' }
            : { action: 'add', target: null, reason: 'new' },
      });
    }
  }
  // A model fooled by text planted in a tool result (issue 31): the planted "fact", quoting "ok".
  for (const match of prompt.matchAll(
    /<message seq="\d+" role="toolResult"[^>\n]*>\n([\s\S]*?)\n<\/message>/g,
  )) {
    const planted = /remember that (my name is [^.\n]+)/i.exec(match[1]!)?.[1];
    if (planted)
      memories.push({ type: 'profile', content: planted, abstract: planted, quote: 'ok', priority: 5 });
  }
  memories.push({
    type: 'profile',
    content: 'Invented fact',
    abstract: 'Invented fact',
    quote: 'a sentence nobody said',
    priority: 1,
  });
  return JSON.stringify({ memories });
}

export function fakeAnswer(call: RecordedCall): string {
  const system = call.messages
    .filter((message) => message.role === 'system')
    .map((message) => contentText(message.content))
    .join('\n');
  const prompt = call.messages
    .filter((message) => message.role !== 'system')
    .map((message) => contentText(message.content))
    .join('\n');
  if (system.includes(MEMORY_EXTRACTION_MARKER)) return fakeMemoryAnswer(prompt);
  if (!/summar/i.test(`${system}\n${prompt}`)) {
    const lastLine = lastNonEmptyLine(prompt);
    return `Fake answer to: ${lastLine.slice(0, 200)}`;
  }
  const identifiers = findIdentifiers(prompt);
  const lastUserLine = lastUserRequest(prompt);
  return [
    SUMMARY_HEADINGS[0],
    '- Continue with the approach already taken in the conversation.',
    '',
    SUMMARY_HEADINGS[1],
    '- Finish the work the user asked for last.',
    '',
    SUMMARY_HEADINGS[2],
    '- Keep the exact identifiers below unchanged.',
    '',
    SUMMARY_HEADINGS[3],
    lastUserLine ? `- "${lastUserLine}"` : '- (none)',
    '',
    SUMMARY_HEADINGS[4],
    ...(identifiers.length > 0 ? identifiers.map((identifier) => `- ${identifier}`) : ['- (none)']),
  ].join('\n');
}

function findIdentifiers(text: string): string[] {
  const found = new Set<string>();
  const urls = text.match(URL_PATTERN) ?? [];
  for (const url of urls) found.add(url.replace(/[.,;:!?]+$/, ''));
  for (const id of text.match(CALL_ID_PATTERN) ?? []) found.add(id);
  // Paths inside URLs are already there with their URL.
  const withoutUrls = text.replace(URL_PATTERN, ' ');
  for (const path of withoutUrls.match(PATH_PATTERN) ?? []) found.add(path);
  return [...found];
}

function lastUserRequest(prompt: string): string {
  const lines = prompt.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) {
    const match = USER_LINE_PATTERN.exec(lines[index] ?? '');
    if (match?.[1]?.trim()) return match[1].trim();
  }
  return lastNonEmptyLine(prompt);
}

function lastNonEmptyLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.at(-1)?.trim() ?? '';
}
