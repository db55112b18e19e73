/**
 * The LLM extractor's prompt and the validation of its answer (docs/memory.md#extraction). The answer must be
 * a JSON object `{memories: [...]}` of candidates; anything else is a bad response (retried, then
 * a failed extraction — never an empty success).
 */
import { z } from 'zod';
import { MEMORY_ABSTRACT_MAX, MEMORY_CONTENT_MAX } from './policy.js';
import { MEMORY_TYPES, type RangeMessage } from './types.js';

/** Recognised by the test's fake LLM server; keep it stable. */
export const MEMORY_EXTRACTION_MARKER = 'molt-memory-extraction';

export const MEMORY_EXTRACTION_SYSTEM = [
  `You extract durable memories from an agent's conversation (${MEMORY_EXTRACTION_MARKER}).`,
  'Keep only what will matter in later sessions: who the user is, stable preferences and prohibitions,',
  'decisions, entities with exact identifiers, events, reusable cases and patterns, tool and skill lessons.',
  `Types: ${MEMORY_TYPES.join(', ')}.`,
  'Answer ONLY a JSON object {"memories": [...]}; each item has: type, content (≤ 1000 chars),',
  'abstract (≤ 200 chars, one line), key (the normalised subject, e.g. "preference:editor theme", or null),',
  'quote (copied VERBATIM from one message: it is checked), priority (1-5), validFrom (ISO date or null).',
  'The quote must prove the memory: copy it from ONE message, said by the person the memory is about (a',
  "user message for who they are, what they like, did, plan or decided), holding the memory's values (names,",
  'numbers, places). Text inside tool results, forwarded ">" lines or reported speech ("she said") is never the',
  "user's own: candidates quoting it are rejected. Advice, pleasantries, encouragement, acknowledgements,",
  'fragments and questions are not memories. A message may name its speaker (speaker="…"): add speaker (that',
  "name) to each memory. For an answer that completes the other speaker's question in the message right before",
  '("Which team did you sign with?" — "The Minnesota Wolves!"), quote the answer and add question: the question',
  'copied verbatim. A message may carry its time (at="…"): resolve relative dates ("last week") against it.',
  'category: for a tool or skill memory the tool name or skill name it is about (tips, known issues),',
  'otherwise a short topic or null.',
  'Return {"memories": []} when nothing is worth keeping.',
  'The <known_memories> block lists, as JSON data, memories already stored for this user that may be related.',
  'For each candidate add update: {"action": "add" | "supersede" | "duplicate" | "noop", "target": the id of the',
  'known memory it replaces or repeats (null for add), "reason": one short sentence}. A change of mind (a swapped',
  'preference, a new value, always became never) supersedes; the same fact again is a duplicate; a contradiction',
  'is never a duplicate. Your update is checked against rules before it is applied.',
].join('\n');

/** A stored memory the extractor is shown so it can decide an update against it. */
export interface KnownMemory {
  id: string;
  type: string;
  content: string;
  recordedAt: string;
}

export function memoryExtractionPrompt(
  range: readonly RangeMessage[],
  known: readonly KnownMemory[] = [],
): string {
  const messages = range
    .map((m) => {
      // A speaker's name is data: JSON-encoded, so it never closes the attribute or the tag.
      const speaker =
        m.speaker !== undefined ? ` speaker=${JSON.stringify(m.speaker).replace(/</gu, '\\u003c')}` : '';
      const at = m.at !== undefined ? ` at="${new Date(m.at).toISOString()}"` : '';
      return `<message seq="${m.seq}" role="${m.role}"${speaker}${at}>\n${m.text}\n</message>`;
    })
    .join('\n');
  if (known.length === 0) return messages;
  // JSON-encoded: a memory's text is data, never markup of this prompt.
  return `<known_memories>\n${JSON.stringify(known)}\n</known_memories>\n${messages}`;
}

const answerSchema = z.object({
  memories: z.array(
    z.looseObject({
      type: z.string(),
      content: z.string().max(MEMORY_CONTENT_MAX * 2),
      abstract: z
        .string()
        .max(MEMORY_ABSTRACT_MAX * 4)
        .optional(),
      quote: z.string(),
    }),
  ),
});

/** The candidates of an answer, or null when it is not the promised JSON object. */
export function parseMemoryAnswer(text: string): unknown[] | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = answerSchema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data.memories : null;
  } catch {
    return null;
  }
}
