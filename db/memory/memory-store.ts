/**
 * Storing one memory draft (docs/recall-and-updates.md): the SQL probes find the scope's related
 * active memories, the named policy `decideUpdate` (context/memory/update.ts) decides add /
 * supersede / duplicate / noop, and this module carries the decision out — every decision one
 * memory event with its reason. commit_memory stores through the same path.
 */
import { and, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { KnownMemory } from '../../context/memory/llm-prompt.js';
import {
  clip,
  MEMORY_ABSTRACT_MAX,
  normalizeMemoryKey,
  normalizeMemoryText,
} from '../../context/memory/policy.js';
import { queryOfTexts } from '../../context/memory/recall.js';
import { KEYED_MEMORY_CATEGORIES } from '../../context/memory/store-items.js';
import { subjectOf } from '../../context/memory/subject.js';
import { indexTerms } from '../../context/memory/terms.js';
import type { MemoryType, RangeMessage } from '../../context/memory/types.js';
import {
  decideUpdate,
  type RelatedMemory,
  type UpdateAction,
  type UpdateDecision,
} from '../../context/memory/update.js';
import type { Database } from '../client.js';
import {
  type Executor,
  indexTermsOf,
  type MemoryDraft,
  type MemoryScope,
  memorySnapshot,
  scopeCondition,
  supersedeMemory,
} from './memories.js';
import { recallCandidates } from './memory-recall.js';
import {
  currentCondition,
  extractedCondition,
  type MemoryRow,
  type MemorySource,
  memories,
  memoryEvents,
  memoryTerms,
  newMemoryId,
} from './memory-schema.js';
import { withScopeLock } from './scope-lock.js';

/** A memory at least this similar (pg_trgm) to a candidate is shown to the policy as related. */
export const RELATED_SIMILARITY = 0.3;
/** The most related memories the policy sees. */
const RELATED_LIMIT = 12;
/**
 * The most memories of the scope whose similarity to a draft is computed: those sharing the most
 * recall-index terms with it. `similarity()` costs tens of µs a row, so comparing with every
 * memory made one commit into a scope of 2,000 cost ~130 ms of PostgreSQL CPU (issue 33 item 2).
 */
export const RELATED_CANDIDATES = 100;

export type StoreOutcome =
  | { outcome: 'added'; memory: MemoryRow; reason: string }
  | { outcome: 'superseded'; memory: MemoryRow; previous: MemoryRow; reason: string }
  | { outcome: 'duplicate' | 'noop'; memory: MemoryRow; reason: string };

/**
 * The memories of the scope whose similarity to `content` is worth computing: the
 * RELATED_CANDIDATES sharing the most recall-index terms with it (context/memory/terms.ts), from
 * the index alone. A text that looks like another shares its words; the bound keeps a commit's
 * cost independent of the scope's size.
 */
function similarCandidates(scope: MemoryScope, content: string): SQL | null {
  const terms = indexTerms(content);
  if (terms.length === 0) return null;
  return sql`select ${memoryTerms.memoryId} from ${memoryTerms}
    where ${scopeCondition(scope, memoryTerms)} and ${memoryTerms.term} = any(string_to_array(${terms.join(' ')}, ' '))
    group by ${memoryTerms.memoryId}
    order by count(*) desc, ${memoryTerms.memoryId}
    limit ${RELATED_CANDIDATES}`;
}

/**
 * The probes: the scope's current memories with the same text, the same key, the same subject,
 * or similar text among the candidates above — the closest first; never a memory-tool file or
 * store item. The policy reads them; nothing here decides.
 */
export async function relatedMemories(
  tx: Executor,
  scope: MemoryScope,
  probe: { content: string; normalized: string; key: string | null; subjectKey: string | null },
): Promise<Array<{ row: MemoryRow; related: RelatedMemory }>> {
  const similarity = sql<number>`similarity(${memories.content}, ${probe.content})`.mapWith(Number);
  const matches: SQL[] = [eq(memories.normalized, probe.normalized)];
  const candidates = similarCandidates(scope, probe.content);
  if (candidates) {
    matches.push(and(sql`${memories.id} in (${candidates})`, sql`${similarity} >= ${RELATED_SIMILARITY}`)!);
  }
  if (probe.key) matches.push(eq(memories.key, probe.key));
  if (probe.subjectKey) matches.push(eq(memories.subjectKey, probe.subjectKey));
  const rows = await tx
    .select({ row: memories, similarity })
    .from(memories)
    .where(
      and(
        scopeCondition(scope),
        currentCondition(),
        extractedCondition(),
        // A memory-tool file or a store item changes only through its own route (db/memory/memory-files.ts).
        or(isNull(memories.category), notInArray(memories.category, KEYED_MEMORY_CATEGORIES)),
        or(...matches),
      ),
    )
    .orderBy(sql`${similarity} desc`, memories.recordedAt, memories.id)
    .limit(RELATED_LIMIT);
  return rows.map(({ row, similarity: sim }) => ({
    row,
    related: {
      id: row.id,
      // Episodes are left out above: every related row is a memory type.
      type: row.type as MemoryType,
      key: row.key,
      content: row.content,
      validFrom: row.validFrom,
      recordedAt: row.recordedAt,
      similarity: sim,
    },
  }));
}

export interface StoreIds {
  memoryId: string;
  eventId: string;
  extractionId: string | null;
}

/** A proposal of the LLM extractor (validated by the candidate schema), checked by the policy. */
export type ProposedUpdate = { action: UpdateAction; target: string | null; reason: string } | null;

async function recordDecision(
  tx: Executor,
  scope: MemoryScope,
  ids: StoreIds,
  decision: UpdateDecision,
  memory: MemoryRow,
): Promise<void> {
  await tx
    .insert(memoryEvents)
    .values({
      id: ids.eventId,
      tenantId: scope.tenantId,
      memoryId: memory.id,
      extractionId: ids.extractionId,
      kind: decision.action === 'noop' ? 'noop' : 'duplicate',
      userId: scope.userId,
      agentId: scope.agentId,
      before: null,
      after: memorySnapshot(memory),
      reason: decision.reason,
    })
    .onConflictDoNothing();
}

/** Who said what a memory quotes: the quoted message's speaker name, or nobody named. */
const speakerOfSource = (source: MemorySource | null | undefined): string | null =>
  source && 'speaker' in source && source.speaker !== undefined ? source.speaker : null;

/**
 * Stores one draft in the caller's transaction (which holds the scope's lock): the policy decides
 * from the related memories; an add inserts, a supersede inserts and retires the target, a
 * duplicate or noop writes only its event. `eventId` names the event so a retried write adds none.
 */
export async function storeDraft(
  tx: Executor,
  scope: MemoryScope,
  draft: MemoryDraft & { proposed?: ProposedUpdate },
  ids: StoreIds,
): Promise<StoreOutcome> {
  const normalized = normalizeMemoryText(draft.content);
  const key = draft.key ? normalizeMemoryKey(draft.key) || null : null;
  const subjectKey = subjectOf(draft.content)?.key ?? null;
  // Two speakers' facts are never one fact (docs/memory.md#whose-memory): outside a user's scope (where
  // every memory is the user's own) Mel's favourite food never supersedes or duplicates Caroline's.
  const speaker = speakerOfSource(draft.source);
  const related = (
    await relatedMemories(tx, scope, { content: draft.content, normalized, key, subjectKey })
  ).filter((r) => scope.userId !== null || speakerOfSource(r.row.source) === speaker);
  const decision = decideUpdate(
    {
      type: draft.type,
      content: draft.content,
      key,
      validFrom: draft.validFrom ?? null,
      proposed: draft.proposed ?? null,
    },
    related.map((r) => r.related),
  );
  const target = related.find((r) => r.related.id === decision.target)?.row;
  if ((decision.action === 'duplicate' || decision.action === 'noop') && target) {
    await recordDecision(tx, scope, ids, decision, target);
    return { outcome: decision.action, memory: target, reason: decision.reason };
  }
  const previous = decision.action === 'supersede' ? target : undefined;
  const now = new Date();
  const [memory] = await tx
    .insert(memories)
    .values({
      id: ids.memoryId,
      tenantId: scope.tenantId,
      userId: scope.userId,
      agentId: scope.agentId,
      sessionScope: scope.sessionScope,
      type: draft.type,
      category: draft.category ?? null,
      key,
      subjectKey,
      content: draft.content,
      abstract: draft.abstract || clip(draft.content, MEMORY_ABSTRACT_MAX),
      normalized,
      priority: draft.priority,
      source: draft.source,
      validFrom: draft.validFrom ?? now,
      recordedAt: now,
      occurredAt: draft.occurredAt ?? null,
      dates: draft.dates && draft.dates.length > 0 ? draft.dates : null,
      extractionId: ids.extractionId,
      status: 'active',
    })
    .returning();
  if (!memory) throw new Error('memory insert returned nothing');
  await indexTermsOf(tx, [memory]);
  let superseded: MemoryRow | undefined;
  if (previous) {
    superseded = await supersedeMemory(tx, previous.id, memory.id, now);
  }
  await tx.insert(memoryEvents).values({
    id: ids.eventId,
    tenantId: scope.tenantId,
    memoryId: memory.id,
    extractionId: ids.extractionId,
    kind: previous ? 'supersede' : 'add',
    userId: scope.userId,
    agentId: scope.agentId,
    before: superseded ? memorySnapshot(previous!) : null,
    after: memorySnapshot(memory),
    reason: decision.reason,
  });
  return previous
    ? { outcome: 'superseded', memory, previous: superseded ?? previous, reason: decision.reason }
    : { outcome: 'added', memory, reason: decision.reason };
}

/** At most this many known memories go into the LLM extractor's prompt. */
const KNOWN_LIMIT = 20;

/**
 * The scope's current memories related to a range (its user messages as a lexical query), for
 * the LLM extractor's prompt: it proposes updates against them, the policy checks the proposals.
 */
export async function knownMemoriesFor(
  db: Executor,
  scope: MemoryScope,
  range: readonly RangeMessage[],
): Promise<KnownMemory[]> {
  const query = queryOfTexts(range.filter((m) => m.role === 'user').map((m) => m.text));
  if (!query) return [];
  const recallScope = {
    tenantId: scope.tenantId,
    userId: scope.userId,
    agentId: scope.agentId,
    sessionId: scope.sessionScope,
  };
  const found = await recallCandidates(db, recallScope, query, KNOWN_LIMIT, { episodes: false });
  return found.map(({ memory }) => ({
    id: memory.id,
    type: memory.type,
    content: memory.content,
    recordedAt: memory.recordedAt.toISOString(),
  }));
}

/** commit_memory: stored at once under the scope's lock; a duplicate answers the existing memory. */
export async function commitMemory(
  db: Database,
  scope: MemoryScope,
  draft: MemoryDraft,
): Promise<StoreOutcome> {
  // The scope's lock without holding a pooled connection while waiting for it (db/memory/scope-lock.ts).
  return withScopeLock(db, scope, async (tx) => {
    const memoryId = newMemoryId();
    return storeDraft(tx, scope, draft, { memoryId, eventId: `${memoryId}:commit`, extractionId: null });
  });
}
