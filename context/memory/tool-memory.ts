/**
 * Tool and skill memories (docs/memory.md#tool-and-skill-memories), the pure part: what a skill read looks like, how an
 * error text is folded so the same failure counts once, and how the statistics the database
 * computes read to a model. Statistics come from SQL over the stored transcript, never from an
 * LLM; tips come from extracted `tool`/`skill` memories whose category is the tool or skill name.
 */

import type { Message } from '../messages.js';
import { quoted } from '../prompt-data.js';

/**
 * A skill is used when a tool call's arguments name `skills/<name>/SKILL.md`. The pattern is
 * written for both JavaScript and PostgreSQL regular expressions (db/memory/tool-stats.ts uses it too).
 */
export const SKILL_PATH_PATTERN = 'skills/([A-Za-z0-9._-]+)/SKILL\\.md';

/** The skill a tool call reads, if its arguments name a SKILL.md. */
export function skillOfCall(args: unknown): string | null {
  const match = new RegExp(SKILL_PATH_PATTERN).exec(JSON.stringify(args ?? null));
  return match?.[1] ?? null;
}

/**
 * An error text with what varies between occurrences folded: quoted strings, paths, ids (uuids,
 * long hex), numbers; whitespace collapsed; first line, at most 120 characters.
 */
export function normalizeErrorText(text: string): string {
  const firstLine = text.trim().split('\n', 1)[0] ?? '';
  const folded = firstLine
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/(?:~|\.{1,2})?(?:\/[\w.@+-]+){2,}\/?/g, '<path>')
    .replace(/"[^"\n]{1,200}"|'[^'\n]{1,200}'|`[^`\n]{1,200}`/g, '<str>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(folded).length > 120 ? `${Array.from(folded).slice(0, 119).join('')}…` : folded;
}

/** The most frequent folded error texts, most frequent first (ties: first seen). */
export function topErrors(texts: readonly string[], limit = 3): { text: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const folded = normalizeErrorText(text);
    if (folded) counts.set(folded, (counts.get(folded) ?? 0) + 1);
  }
  return [...counts]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}

export interface ToolMemory {
  tool: string;
  calls: number;
  errors: number;
  /** Call-to-result time where both carry timestamps; null otherwise. */
  medianMs: number | null;
  p95Ms: number | null;
  /** ISO date of the last call whose time is known. */
  lastUsedAt: string | null;
  topErrors: { text: string; count: number }[];
  /** From extracted `tool` memories with this tool's name as category (LLM-written). */
  tips: string[];
}

export interface SkillMemory {
  skill: string;
  uses: number;
  sessions: number;
  /** Uses whose turn (up to the next user message) had no tool error. */
  cleanUses: number;
  lastUsedAt: string | null;
  /** Contents of extracted `skill` memories for this skill (tips, examples, known issues). */
  notes: string[];
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`;

function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

const day = (iso: string | null): string => (iso ? iso.slice(0, 10) : 'unknown');

/** One tool's memory as a line (and its tips), for the system-prompt addition. */
export function toolMemoryText(tool: ToolMemory): string {
  const parts = [
    `${tool.calls} call${tool.calls === 1 ? '' : 's'}`,
    `${tool.errors} error${tool.errors === 1 ? '' : 's'} (${percent(tool.calls - tool.errors, tool.calls)} ok)`,
  ];
  if (tool.medianMs !== null && tool.p95Ms !== null) {
    parts.push(`median ${duration(tool.medianMs)}, p95 ${duration(tool.p95Ms)}`);
  }
  parts.push(`last used ${day(tool.lastUsedAt)}`);
  const lines = [`- ${quoted(tool.tool)}: ${parts.join('; ')}`];
  if (tool.topErrors.length > 0) {
    lines.push(`  frequent errors: ${tool.topErrors.map((e) => `${quoted(e.text)} ×${e.count}`).join('; ')}`);
  }
  for (const tip of tool.tips) lines.push(`  tip: ${quoted(tip)}`);
  return lines.join('\n');
}

/** Opening tag of a skill's memory block inside a SKILL.md tool result. */
export const SKILL_BLOCK_OPEN = '<molt-skill-memory';

/** A skill's memory block: marked, so the agent (and a reader) can tell it from the file. */
export function skillMemoryBlock(skill: SkillMemory): string {
  const lines = [
    `${SKILL_BLOCK_OPEN} skill=${quoted(skill.skill)}>`,
    `molt's memory of this skill: used ${skill.uses} time${skill.uses === 1 ? '' : 's'} in ${skill.sessions} session${skill.sessions === 1 ? '' : 's'}; ${percent(skill.cleanUses, skill.uses)} of those turns ended without a tool error; last used ${day(skill.lastUsedAt)}.`,
  ];
  if (skill.notes.length > 0) {
    lines.push('Tips, past examples and known issues:');
    for (const note of skill.notes) lines.push(`- ${quoted(note)}`);
  }
  lines.push('</molt-skill-memory>');
  return lines.join('\n');
}

/** The skill each tool call id of the messages reads (calls naming a SKILL.md only). */
export function skillReads(messages: readonly Message[]): Map<string, string> {
  const reads = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block?.type !== 'toolCall') continue;
      const skill = skillOfCall(block.arguments);
      if (skill) reads.set(block.id, skill);
    }
  }
  return reads;
}

/**
 * Each tool result that answers a SKILL.md read gets that skill's memory block as one more text
 * block at its end: the file's own blocks stay exactly as they were. Other messages are returned
 * as they are (same objects).
 */
export function appendSkillBlocks(
  messages: readonly Message[],
  blocks: ReadonlyMap<string, string>,
): Message[] {
  if (blocks.size === 0) return [...messages];
  const reads = skillReads(messages);
  return messages.map((message) => {
    if (message.role !== 'toolResult') return message;
    const skill = reads.get(message.toolCallId);
    const block = skill === undefined ? undefined : blocks.get(skill);
    if (block === undefined) return message;
    return { ...message, content: [...message.content, { type: 'text' as const, text: block }] };
  });
}
