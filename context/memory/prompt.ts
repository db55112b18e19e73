/**
 * The system-prompt addition (docs/memory.md#recall): the scope's profile and high-priority preferences,
 * then the memories of the tools this session uses, then one line saying what molt holds for the
 * scope. Deterministic for the same inputs (prompt caches depend on it) and capped in tokens:
 * whole lines are dropped from the end of each part, the overview line always stays. Every text
 * from a user, tool or model in it is quoted data (context/prompt-data.ts), with its provenance.
 */
import { type Provenance, quoted } from '../prompt-data.js';
import { type ToolMemory, toolMemoryText } from './tool-memory.js';

/** A preference at or above this priority goes into the system prompt (1–5). */
export const PROMPT_PREFERENCE_PRIORITY = 4;
/** Default token cap of the addition (MOLT_MEMORY_PROMPT_MAX_TOKENS). */
export const DEFAULT_PROMPT_MAX_TOKENS = 800;
/** At most this many tools are described, the most used first. */
export const PROMPT_MAX_TOOLS = 5;

export interface PromptMemory {
  type: string;
  content: string;
  /** Where it came from (said by the user, extracted, committed by an agent). */
  provenance: Provenance;
  validFrom: string | null;
  recordedAt: string;
}

export interface PromptInput {
  /** Profile memories and preferences of PROMPT_PREFERENCE_PRIORITY or more, in their order. */
  about: readonly PromptMemory[];
  /** The session's tools, the most used first. */
  tools: readonly ToolMemory[];
  /** Active memories of the scope by type. */
  counts: Readonly<Record<string, number>>;
  maxTokens: number;
  countTokens: (text: string) => number;
  /** The agent has the search_memories tool (default true): only then does the text name it. */
  searchTool?: boolean;
  /** Memories recalled for the user's current message, when recall goes here (not as a simulated call). */
  recalled?: readonly PromptMemory[];
}

function overviewLine(counts: Readonly<Record<string, number>>, searchTool: boolean): string {
  const entries = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return 'molt holds no memories for this user yet.';
  const byType = entries.map(([type, n]) => `${n} ${type}`).join(', ');
  const holds = `molt holds ${total} memor${total === 1 ? 'y' : 'ies'} for this user (${byType})`;
  return searchTool ? `${holds}; the search_memories tool finds them.` : `${holds}.`;
}

const since = (memory: PromptMemory): string => (memory.validFrom ?? memory.recordedAt).slice(0, 10);
const memoryLine = (m: PromptMemory): string =>
  `- [${m.type}, ${m.provenance}, since ${since(m)}] ${quoted(m.content)}`;

/** The addition's text, or null when the scope holds nothing at all. */
export function systemPromptAddition(input: PromptInput): string | null {
  const overview = overviewLine(input.counts, input.searchTool ?? true);
  const recalled = input.recalled ?? [];
  if (
    recalled.length === 0 &&
    input.about.length === 0 &&
    input.tools.length === 0 &&
    !Object.values(input.counts).some((n) => n > 0)
  ) {
    return null;
  }
  const sections: { title: string; items: string[] }[] = [
    {
      title: 'What molt remembers about the user:',
      items: input.about.map(memoryLine),
    },
    {
      title: 'Tools this session uses (from past calls):',
      items: input.tools.slice(0, PROMPT_MAX_TOOLS).map(toolMemoryText),
    },
    {
      title: "Recalled for the user's current message:",
      items: recalled.map(memoryLine),
    },
  ];
  const render = () =>
    [
      '<molt-memory>',
      ...sections.filter((s) => s.items.length > 0).flatMap((s) => [s.title, ...s.items]),
      overview,
      '</molt-memory>',
    ].join('\n');
  let text = render();
  // Over the cap: drop the last recalled memory, then the last tool, then the last profile line.
  while (input.countTokens(text) > input.maxTokens) {
    const section = [sections[2]!, sections[1]!, sections[0]!].find((s) => s.items.length > 0);
    if (!section) break;
    section.items.pop();
    text = render();
  }
  return text;
}
