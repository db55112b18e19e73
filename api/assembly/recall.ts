/**
 * Recall for the API (docs/memory.md#recall): ranks the scope's memories for a query (the automatic
 * per-turn recall and the agent's own `search_memories` call share it), and builds the
 * system-prompt addition and the skill blocks of a context. The rules live in context/memory/;
 * the queries in db/memory/memory-recall.ts and db/memory/tool-stats.ts.
 */

import { EPISODE_RANKING } from '../../context/memory/fusion.js';
import { DEFAULT_PROMPT_MAX_TOKENS, systemPromptAddition } from '../../context/memory/prompt.js';
import {
  fitRecalled,
  matchedTerms,
  RECALL_DEFAULTS,
  type RecalledMemory,
  type RecallQuery,
  scoreMemory,
} from '../../context/memory/recall.js';
import {
  appendSkillBlocks,
  type SkillMemory,
  skillMemoryBlock,
  skillReads,
  type ToolMemory,
  topErrors,
} from '../../context/memory/tool-memory.js';
import { EPISODE_TYPE } from '../../context/memory/types.js';
import type { Message } from '../../context/messages.js';
import { provenanceOf } from '../../context/prompt-data.js';
import { estimateTextTokens } from '../../context/tokens/index.js';
import type { Database } from '../../db/client.js';
import { searchTextOf } from '../../db/memory/memories.js';
import {
  type CandidateOptions,
  categoryMemories,
  memoryCountsByType,
  promptMemories,
  type RecallScope,
  recallCandidates,
} from '../../db/memory/memory-recall.js';
import type { MemoryRow } from '../../db/memory/memory-schema.js';
import { scopeTranscriptVersion, skillStats, toolErrorTexts, toolStats } from '../../db/memory/tool-stats.js';

export type { RecallScope };

type SessionScope = RecallScope & { sessionId: string };

/** Recall's settings (MOLT_RECALL_MIN_SCORE, MOLT_RECALL_MAX_TOKENS, MOLT_MEMORY_PROMPT_MAX_TOKENS). */
export interface RecallSettings {
  minScore: number;
  maxTokens: number;
  promptMaxTokens: number;
}

export const DEFAULT_RECALL_SETTINGS: RecallSettings = {
  minScore: RECALL_DEFAULTS.minScore,
  maxTokens: RECALL_DEFAULTS.maxTokens,
  promptMaxTokens: DEFAULT_PROMPT_MAX_TOKENS,
};

export interface RankedMemory {
  memory: MemoryRow;
  score: number;
  trigram: number;
  /** The query terms it matched, as written. */
  matched: string[];
}

/** What a ranking leaves out (db/memory-recall.ts CandidateOptions). */
export type RankOptions = CandidateOptions;

/** A tool result's episode (tool output): indexed apart, weighed less (context/memory/fusion.ts). */
export const isToolOutput = (memory: MemoryRow): boolean =>
  memory.type === EPISODE_TYPE && 'role' in memory.source && memory.source.role === 'toolResult';

/** The scope's memories and episodes for a query, best first, those at or above `minScore` only. */
export async function rankMemories(
  db: Database,
  scope: RecallScope,
  query: RecallQuery,
  minScore: number,
  options: RankOptions = {},
): Promise<RankedMemory[]> {
  const candidates = await recallCandidates(db, scope, query, EPISODE_RANKING.candidates, options);
  return candidates
    .map(({ memory, trigram }) => {
      const matched = matchedTerms(query.terms, searchTextOf(memory));
      const base = scoreMemory(matched, trigram);
      const weight = isToolOutput(memory)
        ? EPISODE_RANKING.toolOutputWeight
        : memory.type === EPISODE_TYPE
          ? 1
          : EPISODE_RANKING.memoryWeight;
      return { memory, trigram, matched: matched.map((t) => t.word), score: base * weight };
    })
    .filter((ranked) => ranked.score >= minScore)
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.memory.recordedAt.getTime() - a.memory.recordedAt.getTime() ||
        a.memory.id.localeCompare(b.memory.id),
    );
}

/** A memory as the simulated result carries it (with its dates). */
export function recalledMemory(memory: MemoryRow): RecalledMemory {
  const dates = memory.dates && memory.dates.length > 0 ? { dates: memory.dates } : {};
  if (memory.type === EPISODE_TYPE && 'fromSeq' in memory.source) {
    const role = memory.source.role;
    return {
      id: memory.id,
      type: memory.type,
      kind: 'episode',
      content: memory.content,
      source:
        role === 'user'
          ? 'said by the user'
          : role === 'toolResult'
            ? 'tool output'
            : 'said in the conversation',
      ...(memory.speaker ? { speaker: memory.speaker } : {}),
      said: (memory.occurredAt ?? memory.recordedAt).toISOString(),
      sessionId: memory.source.sessionId,
      seq: memory.source.fromSeq,
      recordedAt: memory.recordedAt.toISOString(),
      ...dates,
    };
  }
  return {
    id: memory.id,
    type: memory.type,
    content: memory.content,
    source: provenanceOf(memory.source),
    recordedAt: memory.recordedAt.toISOString(),
    ...(memory.validFrom ? { validFrom: memory.validFrom.toISOString() } : {}),
    ...dates,
  };
}

/** The ranked memories that fit the recall token cap (by molt's estimator: a cap, not a count). */
export function fitRanked(ranked: readonly RankedMemory[], settings: RecallSettings): RankedMemory[] {
  const byId = new Map(ranked.map((r) => [r.memory.id, r]));
  const fitted = fitRecalled(
    ranked.map((r) => recalledMemory(r.memory)),
    { maxResults: RECALL_DEFAULTS.maxResults, maxTokens: settings.maxTokens },
    estimateTextTokens,
  );
  return fitted.map((m) => byId.get(m.id)!);
}

// Tool statistics scan the scope's transcript: cached per scope until a message is stored in it.
const TOOL_CACHE_SIZE = 500;
const toolCache = new Map<string, ToolMemory[]>();

async function toolMemories(db: Database, scope: SessionScope): Promise<ToolMemory[]> {
  const version = await scopeTranscriptVersion(db, scope);
  const key = JSON.stringify([scope.tenantId, scope.sessionId, scope.userId, scope.agentId, version]);
  const cached = toolCache.get(key);
  if (cached) return cached;
  const stats = await toolStats(db, scope, 5);
  const tools = stats.map((s) => s.tool);
  const [errors, tips] = await Promise.all([
    toolErrorTexts(db, scope, tools),
    categoryMemories(db, scope, 'tool', tools),
  ]);
  const memories = stats.map((s) => ({
    ...s,
    topErrors: topErrors(errors.get(s.tool) ?? []),
    tips: tips.filter((m) => m.category === s.tool).map((m) => m.content),
  }));
  if (toolCache.size >= TOOL_CACHE_SIZE) toolCache.delete(toolCache.keys().next().value!);
  toolCache.set(key, memories);
  return memories;
}

/** The system-prompt addition of a session's scope (docs/memory.md#recall), or null when it holds nothing. */
export async function promptAdditionFor(
  db: Database,
  scope: SessionScope,
  settings: RecallSettings,
  options: { searchTool?: boolean; recalled?: readonly MemoryRow[] } = {},
): Promise<string | null> {
  const [about, tools, counts] = await Promise.all([
    promptMemories(db, scope),
    toolMemories(db, scope),
    memoryCountsByType(db, scope),
  ]);
  const promptMemory = (m: MemoryRow) => ({
    type: m.type,
    content: m.content,
    provenance: provenanceOf(m.source),
    validFrom: m.validFrom?.toISOString() ?? null,
    recordedAt: m.recordedAt.toISOString(),
  });
  return systemPromptAddition({
    about: about.map(promptMemory),
    tools,
    counts,
    ...(options.searchTool === false ? { searchTool: false } : {}),
    ...(options.recalled ? { recalled: options.recalled.map(promptMemory) } : {}),
    maxTokens: settings.promptMaxTokens,
    countTokens: estimateTextTokens,
  });
}

/** The messages with each SKILL.md read's result followed by that skill's memory block; the skills augmented. */
export async function withSkillMemories(
  db: Database,
  scope: SessionScope,
  messages: readonly Message[],
): Promise<{ messages: Message[]; skills: string[] }> {
  const skills = [...new Set(skillReads(messages).values())].sort();
  if (skills.length === 0) return { messages: [...messages], skills };
  const [stats, notes] = await Promise.all([
    skillStats(db, scope, skills),
    categoryMemories(db, scope, 'skill', skills),
  ]);
  const blocks = new Map(
    stats.map((s): [string, string] => {
      const memory: SkillMemory = {
        ...s,
        notes: notes.filter((m) => m.category === s.skill).map((m) => m.content),
      };
      return [s.skill, skillMemoryBlock(memory)];
    }),
  );
  return { messages: appendSkillBlocks(messages, blocks), skills: [...blocks.keys()] };
}
