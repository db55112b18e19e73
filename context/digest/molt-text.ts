/**
 * Nothing invented (docs/working-memory.md#nothing-invented, issue 32): items of the working memory
 * come only from what the conversation states. This module tells molt's own words apart from it:
 *
 * - `isMoltOwnText`: a line that repeats molt's own prompt text (a summarizer that echoed its
 *   instructions proposed "TODOs: one line per unfinished task," as an open TODO);
 * - `withoutMoltBlocks`: a message's text without the blocks molt injects — the continuation
 *   message (`<molt-summary>`), recalled memories (`<molt-memory>`, `<molt-skill-memory>`), the
 *   agent CLI's instructions (`<molt-memory-cli>`) — which an agent may send back in a turn;
 * - `inertLine`: a tool name or a path as one inert line — line breaks and other control
 *   characters become visible escapes, so a path can never open a section of the summary
 *   (context/prompt-data.ts, applied where names and paths are read: digest/message-text.ts,
 *   digest/files.ts, digest/tool-failures.ts).
 */
import { MEMORY_EXTRACTION_SYSTEM } from '../memory/llm-prompt.js';
import { buildContinuationMessage } from './summary.js';
import {
  buildChunkSummaryPrompt,
  buildMergeSummariesPrompt,
  buildSummaryCorrectionPrompt,
  SUMMARIZATION_SYSTEM_PROMPT,
} from './summary-prompts.js';

/** Lowercase, one space, without list markers, checkboxes, `TODO:` and closing punctuation. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[-*+•]\s*|\d+[.)]\s*)*/, '')
    .replace(/^\[[ x]\]\s*/i, '')
    .replace(/^(?:todo|task)\s*:\s*/i, '')
    .replace(/^#+\s*/, '')
    .replace(/[\s.,;:!?"'`]+$/, '')
    .trim();
}

/** molt's own prompt text, each line normalized. */
const MOLT_LINES: readonly string[] = [
  SUMMARIZATION_SYSTEM_PROMPT,
  buildChunkSummaryPrompt({ conversation: '', previousSummary: ' ' }),
  buildMergeSummariesPrompt([]),
  buildSummaryCorrectionPrompt([], ''),
  String(buildContinuationMessage('<working-memory>').content),
  typeof MEMORY_EXTRACTION_SYSTEM === 'string' ? MEMORY_EXTRACTION_SYSTEM : '',
]
  .join('\n')
  .split(/\r?\n/)
  .map(normalized)
  .filter((line) => line.length > 0);
const MOLT_LINE_SET: ReadonlySet<string> = new Set(MOLT_LINES);
const MOLT_CORPUS = MOLT_LINES.join('\n');

/** A shorter fragment than this is an echo only as a whole line of molt's ("You must keep:"), not as a piece of one. */
const MIN_ECHO_CHARS = 16;

/** True when the text is (a piece of) molt's own prompt text rather than something the conversation said. */
export function isMoltOwnText(text: string): boolean {
  if (typeof text !== 'string') return false;
  const key = normalized(text);
  if (key.length === 0) return false;
  return MOLT_LINE_SET.has(key) || (key.length >= MIN_ECHO_CHARS && MOLT_CORPUS.includes(key));
}

/** The blocks molt injects into what an agent sends its model; removed wherever they appear. */
export const MOLT_BLOCKS: readonly RegExp[] = [
  /<molt-summary>[\s\S]*?(?:<\/molt-summary>|$)/gi,
  /<molt-memory(?:-cli)?\b[^>]*>[\s\S]*?(?:<\/molt-memory(?:-cli)?>|$)/gi,
  /<molt-skill-memory\b[^>]*>[\s\S]*?(?:<\/molt-skill-memory>|$)/gi,
  /<working-memory\b[^>]*>[\s\S]*?(?:<\/working-memory>|$)/gi,
];

/** A message text without molt's injected blocks and without lines that repeat molt's prompt text. */
export function withoutMoltBlocks(text: string): string {
  let out = text;
  for (const block of MOLT_BLOCKS) out = out.replace(block, ' ');
  return out
    .split(/\r?\n/)
    .filter((line) => !isMoltOwnText(line))
    .join('\n');
}

export { inertLine } from '../prompt-data.js';

/**
 * The conversation as it stated things: user and assistant text without molt's injected blocks
 * and echoed prompt lines (tool results are left as they are; their identifiers are filtered
 * apart). Messages that need no change keep their identity.
 */
export function conversationOnly<M extends { role: string; content?: unknown }>(messages: readonly M[]): M[] {
  return messages.map((message) => {
    if (!message || typeof message !== 'object') return message;
    if (message.role !== 'user' && message.role !== 'assistant') return message;
    const content = message.content;
    if (typeof content === 'string') {
      const clean = withoutMoltBlocks(content);
      return clean === content ? message : { ...message, content: clean };
    }
    if (!Array.isArray(content)) return message;
    let changed = false;
    const blocks = content.map((block: unknown) => {
      if (!block || typeof block !== 'object') return block;
      const text = (block as { type?: unknown; text?: unknown }).text;
      if ((block as { type?: unknown }).type !== 'text' || typeof text !== 'string') return block;
      const clean = withoutMoltBlocks(text);
      if (clean === text) return block;
      changed = true;
      return { ...block, text: clean };
    });
    return changed ? { ...message, content: blocks } : message;
  });
}
