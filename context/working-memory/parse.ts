/**
 * What a summarizer's text proposes for the working memory: the LLM's headed summary (the
 * `## Decisions` … `## Exact identifiers` contract of digest/summary-prompts.ts) or a rendered
 * working memory (the extractive digest). Text before the first heading, or under a heading molt
 * does not know, is narrative. Files and tool failures are never taken from text: molt reads them
 * from the messages.
 */
import { clipAtWord, clipLines, collapseWhitespace } from '../digest/message-text.js';
import { isMoltOwnText } from '../digest/molt-text.js';
import { parseTodoLine } from '../digest/pending-work.js';
import { findIdentifiers } from './identifiers.js';
import { MAX_ITEM_CHARS, MAX_NARRATIVE_CHARS, MAX_STATE_CHARS } from './model.js';

export interface TextProposal {
  narrative: string;
  decisions: string[];
  todosOpen: string[];
  todosDone: string[];
  state: string;
  /** Identifiers the text lists; the merge keeps only those found verbatim in the range. */
  identifiers: string[];
}

type Section = 'narrative' | 'decisions' | 'rules' | 'todos' | 'done' | 'asks' | 'ids' | 'state' | 'ignored';

/** Heading text (lower-cased, without `#`, trailing `:` and parenthesised notes) → section. */
const SECTIONS: Readonly<Record<string, Section>> = {
  narrative: 'narrative',
  summary: 'narrative',
  decisions: 'decisions',
  'constraints/rules': 'rules',
  constraints: 'rules',
  rules: 'rules',
  'open todos': 'todos',
  todos: 'todos',
  'tracked todos': 'todos',
  done: 'done',
  'done todos': 'done',
  'pending user asks': 'asks',
  'exact identifiers': 'ids',
  'current state': 'state',
  // Sections molt fills from the messages: what a summarizer writes there is not taken.
  task: 'ignored',
  'files modified': 'ignored',
  'files read': 'ignored',
  'tool failures': 'ignored',
  'left out': 'ignored',
};

const NONE = /^(?:none|n\/a|nothing|\(none\)|-)\.?$/i;
const BULLET = /^(?:[-*+•]|\d+[.)])\s+/;
const WRAPPER = /^<\/?(?:summary|working-memory)\b[^>]*>$|^(?:conversation )?summary:$/i;

function sectionOf(heading: string): Section {
  const key = heading
    .replace(/^#+\s*/, '')
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/:$/, '')
    .trim()
    .toLowerCase();
  return SECTIONS[key] ?? 'narrative';
}

function item(line: string): string | undefined {
  const text = collapseWhitespace(line.replace(BULLET, ''));
  if (!text || NONE.test(text)) return undefined;
  return clipAtWord(text, MAX_ITEM_CHARS);
}

/** Splits a summarizer's text into the sections it proposes. Never throws. */
export function proposalFromText(body: string): TextProposal {
  const out: TextProposal = {
    narrative: '',
    decisions: [],
    todosOpen: [],
    todosDone: [],
    state: '',
    identifiers: [],
  };
  if (typeof body !== 'string') return out;
  const narrative: string[] = [];
  const state: string[] = [];
  let section: Section = 'narrative';
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || WRAPPER.test(line)) continue;
    if (/^#{1,6}\s/.test(line)) {
      section = sectionOf(line);
      continue;
    }
    // A summarizer that echoed molt's instructions proposes nothing with them (issue 32).
    if (isMoltOwnText(line)) continue;
    if (section === 'narrative') {
      if (!NONE.test(line)) narrative.push(line);
      continue;
    }
    if (section === 'ignored') continue;
    if (section === 'ids') {
      out.identifiers.push(...findIdentifiers(line), ...bareIdentifier(line));
      continue;
    }
    if (section === 'todos' || section === 'done') {
      const todo = parseTodoLine(line);
      if (!todo) continue;
      const text = clipAtWord(todo.text, MAX_ITEM_CHARS);
      (section === 'done' || todo.status === 'done' ? out.todosDone : out.todosOpen).push(text);
      continue;
    }
    const text = item(line);
    if (!text) continue;
    if (section === 'decisions') out.decisions.push(text);
    else if (section === 'rules') out.decisions.push(`Rule: ${text}`);
    else if (section === 'asks') state.push(`Pending ask: ${text}`);
    else state.push(text);
  }
  out.narrative = clipAtWord(narrative.join(' '), MAX_NARRATIVE_CHARS);
  out.state = clipLines(state.join('\n'), MAX_STATE_CHARS);
  return out;
}

/** A list line that is one bare token (`- heron-staging-db`, `` - `eu-west-3` ``) is an identifier. */
function bareIdentifier(line: string): string[] {
  const token = line
    .replace(BULLET, '')
    .trim()
    .replace(/^`(.*)`$/, '$1');
  return token && !/\s/.test(token) && !NONE.test(token) && token.length >= 3 ? [token] : [];
}
