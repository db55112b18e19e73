/**
 * The working memory (docs/working-memory.md): the cumulative, structured state molt carries from
 * one compaction to the next, whatever wrote the summary. Each section has a rule molt enforces —
 * the model only proposes — and a bound; what a bound pushes out is archived and counted, never
 * silently dropped, except where the rule says "recent" (files read) or "bounded" (failures, done
 * TODOs, decisions), which are counted.
 */
import { z } from 'zod';

/** Files modified listed in the summary; older ones are archived behind a count and a pointer. */
export const MAX_MODIFIED_FILES = 25;
/** Files read: only the most recent are kept (a read is cheap to repeat). */
export const MAX_READ_FILES = 10;
/** Open TODOs listed; older open ones are archived behind a count and a pointer (never dropped). */
export const MAX_OPEN_TODOS = 25;
/** Finished TODOs kept (newest); older ones are counted. */
export const MAX_DONE_TODOS = 10;
/** Decisions kept (newest); older ones are counted. */
export const MAX_DECISIONS = 15;
/** Distinct tool failures kept (newest); older ones are counted. */
export const MAX_FAILURES = 12;
/** Exact identifiers listed; older ones are archived behind a count and a pointer. */
export const MAX_IDENTIFIERS = 40;
/** An archive keeps at most this many entries per section (its count stays exact). */
export const MAX_ARCHIVED = 2_000;
/** Caps of the free-text fields and of one list item, in characters (cut at a word boundary). */
export const MAX_TASK_CHARS = 400;
export const MAX_STATE_CHARS = 600;
export const MAX_NARRATIVE_CHARS = 1_500;
export const MAX_ITEM_CHARS = 240;
/** An identifier longer than this is not an identifier but a blob; it is not kept. */
export const MAX_IDENTIFIER_CHARS = 200;

const text = z.string();
const failureSchema = z.object({
  tool: text,
  /** `status=… exitCode=…`, when the result had them. */
  meta: text.optional(),
  summary: text,
  /** How many times this failure (same tool, same text) happened. */
  count: z.number().int().min(1),
});
export type FailureEntry = z.infer<typeof failureSchema>;

const identifierSchema = z.object({
  value: text,
  /** Who gave it: a user message, or a tool (its result). A bound pushes tools' out first. */
  from: z.enum(['user', 'tool']),
});
export type IdentifierEntry = z.infer<typeof identifierSchema>;

const archiveSchema = z.object({
  /** Everything a bound pushed out of the section, oldest first (at most MAX_ARCHIVED kept). */
  items: z.array(text),
  /** How many were pushed out in all (≥ items.length). */
  count: z.number().int().min(0),
});
export type Archive = z.infer<typeof archiveSchema>;

export const workingMemorySchema = z.object({
  version: z.literal(1),
  /** Compactions folded in so far, and the last seq they cover. */
  compactions: z.number().int().min(0),
  throughSeq: z.number().int().min(0),
  /** What the session is for: the first substantial user request, kept verbatim (capped). */
  task: text,
  /** Newest first. */
  filesModified: z.array(text),
  filesRead: z.array(text),
  /** Oldest first. */
  todosOpen: z.array(text),
  todosDone: z.array(text),
  decisions: z.array(text),
  failures: z.array(failureSchema),
  /** Verbatim, oldest first. */
  identifiers: z.array(identifierSchema),
  /** Where the work stands: the latest ask and the latest statement of progress. */
  state: text,
  /** A short story of the session, written by the summarizer (LLM or extractive). */
  narrative: text,
  archived: z.object({
    filesModified: archiveSchema,
    todosOpen: archiveSchema,
    identifiers: archiveSchema,
  }),
  /** What bounds pushed out and only counted. */
  dropped: z.object({
    filesRead: z.number().int().min(0),
    todosDone: z.number().int().min(0),
    decisions: z.number().int().min(0),
    failures: z.number().int().min(0),
  }),
});
export type WorkingMemory = z.infer<typeof workingMemorySchema>;

export function emptyArchive(): Archive {
  return { items: [], count: 0 };
}

export function emptyWorkingMemory(): WorkingMemory {
  return {
    version: 1,
    compactions: 0,
    throughSeq: 0,
    task: '',
    filesModified: [],
    filesRead: [],
    todosOpen: [],
    todosDone: [],
    decisions: [],
    failures: [],
    identifiers: [],
    state: '',
    narrative: '',
    archived: { filesModified: emptyArchive(), todosOpen: emptyArchive(), identifiers: emptyArchive() },
    dropped: { filesRead: 0, todosDone: 0, decisions: 0, failures: 0 },
  };
}

/** A stored working memory (jsonb), validated; `undefined` when absent or not one (an old row). */
export function parseWorkingMemory(value: unknown): WorkingMemory | undefined {
  const parsed = workingMemorySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What one compaction proposes to change: from the range itself (deterministic, trusted for files
 * and failures) and from the summarizer's text (narrative, decisions, TODOs, identifiers).
 */
export interface WorkingMemoryProposal {
  task?: string;
  filesModified?: readonly string[];
  filesRead?: readonly string[];
  todosOpen?: readonly string[];
  todosDone?: readonly string[];
  decisions?: readonly string[];
  failures?: readonly FailureEntry[];
  /** Identifiers the user or tools gave in the range (trusted: read from the messages). */
  identifiers?: readonly IdentifierEntry[];
  state?: string;
  narrative?: string;
}
