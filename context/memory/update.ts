/**
 * The update policy (docs/recall-and-updates.md): what storing a candidate does to the scope's
 * memory — add it, let it supersede an active memory, skip it as a duplicate, or do nothing
 * because a newer memory already says otherwise. Pure: the store finds the related active memories
 * of the scope (db/memory/memory-store.ts) and carries the decision out; every decision becomes a memory
 * event with its reason.
 *
 * The rules, in order: an identical text is a duplicate; two statements about the same subject
 * (context/memory/subject.ts) or with the same key are the same fact when they say the same thing
 * and a change of mind when they do not (the older never overrides the newer); a text that merely
 * looks like an active memory (trigram similarity) is a duplicate only when no word of substance
 * differs and no negation flips — otherwise a change marker ("now", "instead", 现在…) or a flipped
 * negation makes it a supersede, and anything else is a new memory beside the old.
 */
import { NEAR_DUPLICATE_SIMILARITY, normalizeMemoryText } from './policy.js';
import { normalizeSlot, type Subject, subjectOf } from './subject.js';
import type { MemoryType } from './types.js';

export const UPDATE_ACTIONS = ['add', 'supersede', 'duplicate', 'noop'] as const;
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

/** An active memory of the scope the store found related to the candidate (the SQL probes' answer). */
export interface RelatedMemory {
  id: string;
  type: MemoryType;
  key: string | null;
  content: string;
  /** When the fact became true (or was recorded, when unknown). */
  validFrom: Date | null;
  recordedAt: Date;
  /** pg_trgm similarity of its content to the candidate's (0–1). */
  similarity: number;
}

export interface UpdateCandidate {
  type: MemoryType;
  content: string;
  key: string | null;
  validFrom: Date | null;
  /** A decision the LLM extractor proposed (checked here, never taken on trust). */
  proposed?: { action: UpdateAction; target: string | null; reason: string } | null;
}

export interface UpdateDecision {
  action: UpdateAction;
  /** The memory superseded, duplicated or in the way (null for an add). */
  target: string | null;
  /** Why, in a short sentence (stored with the event). */
  reason: string;
}

/** Words that mark a statement as a change of mind. */
const CHANGE_MARKER =
  /\b(?:now|instead|anymore|any more|no longer|changed|switched|moved|these days|from now on|actually|not any more|back to)\b|现在|改成|改为|换成|不再|以后|已经改|其实|今は|もう|変わ/iu;
/** Negations: a flip between two similar texts is a contradiction, not a duplicate. */
const NEGATION =
  /\b(?:not|never|no|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|won'?t|can'?t|cannot|stop)\b|不|没|别|ない|않/giu;

const negations = (text: string): number => (text.match(NEGATION) ?? []).length;

/** Content words: fillers and change markers dropped, stemmed; CJK as characters. */
function contentWords(text: string): Set<string> {
  const slot = normalizeSlot(text.replace(CHANGE_MARKER, ' '));
  const words = new Set<string>();
  for (const word of slot.split(/\s+/)) {
    if (!word) continue;
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(word)) {
      for (const char of word) words.add(char);
    } else if (!/^(?:i|me|we|us|you|is|are|be|to|of|and|or|for|that|it|remember|prefer|like)$/.test(word)) {
      words.add(word);
    }
  }
  return words;
}

const sameWords = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((w) => b.has(w));

const newerOrSame = (candidate: UpdateCandidate, memory: RelatedMemory): boolean =>
  candidate.validFrom === null ||
  candidate.validFrom.getTime() >= (memory.validFrom ?? memory.recordedAt).getTime();

function describe(subject: Subject, before: Subject): string {
  if (subject.kind === 'comparison')
    return `the comparison turned: now ${subject.value} over ${before.value}`;
  if (subject.kind === 'rule' || subject.kind === 'liking')
    return `${before.value} became ${subject.value} about "${subject.key.slice(subject.key.indexOf(':') + 1)}"`;
  return `"${subject.key.slice(subject.key.indexOf(':') + 1)}" changed from "${before.value}" to "${subject.value}"`;
}

/** The rule-based decision (the LLM's proposal is checked against it in `decideUpdate`). */
function ruleDecision(candidate: UpdateCandidate, related: readonly RelatedMemory[]): UpdateDecision {
  const normalized = normalizeMemoryText(candidate.content);
  const byNewest = [...related].sort(
    (a, b) => b.recordedAt.getTime() - a.recordedAt.getTime() || a.id.localeCompare(b.id),
  );
  const exact = byNewest.find((m) => normalizeMemoryText(m.content) === normalized);
  if (exact) return { action: 'duplicate', target: exact.id, reason: 'the same text is already remembered' };

  const subject = subjectOf(candidate.content);
  const words = contentWords(candidate.content);
  // Same subject (or the same key): the same fact, or a change of mind.
  for (const memory of byNewest) {
    const theirs = subjectOf(memory.content);
    const sameSubject = subject !== null && theirs !== null && theirs.key === subject.key;
    const sameKey = candidate.key !== null && memory.key === candidate.key;
    if (!sameSubject && !sameKey) continue;
    const same = sameSubject
      ? theirs!.value === subject!.value
      : sameWords(words, contentWords(memory.content)) &&
        negations(candidate.content) === negations(memory.content);
    if (same) {
      return {
        action: 'duplicate',
        target: memory.id,
        reason: sameSubject
          ? `says the same about "${subject!.key}" as an active memory`
          : `the same key "${candidate.key}" with the same content`,
      };
    }
    if (!newerOrSame(candidate, memory)) {
      return {
        action: 'noop',
        target: memory.id,
        reason: 'older than the active memory about the same subject, which stays',
      };
    }
    return {
      action: 'supersede',
      target: memory.id,
      reason: sameSubject ? describe(subject!, theirs!) : `a new value for the key "${candidate.key}"`,
    };
  }
  // Texts that look alike: a duplicate only when nothing of substance differs.
  for (const memory of byNewest) {
    if (memory.similarity < NEAR_DUPLICATE_SIMILARITY) continue;
    const flipped = negations(candidate.content) !== negations(memory.content);
    if (!flipped && sameWords(words, contentWords(memory.content)) && memory.type === candidate.type) {
      return { action: 'duplicate', target: memory.id, reason: 'a near duplicate of an active memory' };
    }
    if (flipped || CHANGE_MARKER.test(candidate.content)) {
      if (!newerOrSame(candidate, memory))
        return {
          action: 'noop',
          target: memory.id,
          reason: 'older than the similar active memory it contradicts',
        };
      return {
        action: 'supersede',
        target: memory.id,
        reason: flipped
          ? 'contradicts a similar active memory (a negation flipped)'
          : 'changes a similar active memory (a change of mind)',
      };
    }
  }
  return { action: 'add', target: null, reason: subject ? `new about "${subject.key}"` : 'new' };
}

/**
 * The decision for a candidate given the scope's related active memories. An LLM proposal is
 * taken when its target is one of `related` and it does not contradict the rules: it may not call
 * a contradiction a duplicate, nor supersede a memory the rules see as the same statement; an
 * add it proposes where the rules see a duplicate stays a duplicate.
 */
export function decideUpdate(candidate: UpdateCandidate, related: readonly RelatedMemory[]): UpdateDecision {
  const rules = ruleDecision(candidate, related);
  const proposed = candidate.proposed;
  if (!proposed) return rules;
  const target = proposed.target === null ? null : related.find((m) => m.id === proposed.target);
  const why = proposed.reason.trim().slice(0, 300) || 'no reason given';
  if (proposed.action !== 'add' && !target)
    return { ...rules, reason: `${rules.reason} (the model named no related memory)` };
  // The rules' certain findings win: an identical or same-subject duplicate, a same-subject change.
  if (rules.action === 'duplicate' || rules.action === 'noop') return rules;
  if (rules.action === 'supersede' && proposed.action === 'duplicate') {
    return {
      ...rules,
      reason: `${rules.reason} (the model called it a duplicate: a contradiction is not one)`,
    };
  }
  if (proposed.action === 'noop' && target && !newerOrSame(candidate, target))
    return { action: 'noop', target: target.id, reason: `model: ${why}` };
  if (proposed.action === 'noop' || proposed.action === 'add') {
    return rules.action === 'supersede'
      ? rules
      : { action: proposed.action, target: target?.id ?? null, reason: `model: ${why}` };
  }
  if (proposed.action === 'supersede' && target && !newerOrSame(candidate, target))
    return { action: 'noop', target: target.id, reason: 'the model proposed superseding a newer memory' };
  return { action: proposed.action, target: target!.id, reason: `model: ${why}` };
}
