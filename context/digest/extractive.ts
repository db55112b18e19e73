/**
 * The extractive digest (docs/engine-rules.md#the-summary, docs/working-memory.md): a deterministic
 * summary built without an LLM — molt's offline default summarizer and the last fallback of every
 * chunk, so a compaction never ends with "Summary unavailable". It has the working memory's
 * structure (task, state, files, TODOs, decisions, failures, identifiers, a short narrative) for
 * its range alone; the compaction's persist step merges it into the cumulative working memory. No
 * raw tool output, no line cut inside a word.
 */
import type { Message } from '../messages.js';
import { proposalFromRange } from '../working-memory/extract.js';
import { mergeWorkingMemory } from '../working-memory/merge.js';
import { emptyWorkingMemory } from '../working-memory/model.js';
import { renderWorkingMemory } from '../working-memory/render.js';

const SUMMARY_HEADER_LINES = new Set(['<summary>', '</summary>', 'Summary:', 'Conversation summary:']);

/**
 * A summary written before the working memory existed, as the new one starts from it: without its
 * headers and without the summary *it* folded in (`- Earlier summary:`), so nothing nests.
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

/** The digest of a compacted range: its working-memory sections, read from the messages alone. */
export function buildExtractiveDigest(messages: readonly Message[]): string {
  const valid = messages.filter((message): message is Message => !!message && typeof message === 'object');
  const memory = mergeWorkingMemory(emptyWorkingMemory(), proposalFromRange(valid), { throughSeq: 0 });
  return renderWorkingMemory(memory, undefined, { wrap: false });
}
