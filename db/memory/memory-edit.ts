/**
 * An operator's edit of a memory (PATCH /v1/memories/{id}, the console's edit): the edited text
 * becomes a new memory that supersedes the old one, in the same scope and under the scope's lock,
 * with a `supersede` event whose reason says an operator did it. The old version stays readable
 * in the new one's history, as for any supersession (docs/memory.md#the-model).
 */
import { and, eq } from 'drizzle-orm';
import { clip, MEMORY_ABSTRACT_MAX, normalizeMemoryText } from '../../context/memory/policy.js';
import { scopeAdmits } from '../../context/memory/scope-rules.js';
import { subjectOf } from '../../context/memory/subject.js';
import type { MemoryType } from '../../context/memory/types.js';
import type { Database } from '../client.js';
import { indexTermsOf, memorySnapshot, supersedeMemory } from './memories.js';
import { type MemoryRow, memories, memoryEvents, newMemoryId } from './memory-schema.js';
import { withScopeLock } from './scope-lock.js';

export interface MemoryEdit {
  content: string;
  type?: MemoryType;
  priority?: number;
  abstract?: string;
}

export const EDIT_REASON = 'edited by an operator';

/** The new version, or why not: no such memory, or one no longer in force. */
export async function editMemory(
  db: Database,
  tenantId: string,
  id: string,
  edit: MemoryEdit,
): Promise<{ memory: MemoryRow; previous: MemoryRow } | 'not_found' | 'not_active' | 'type_not_admitted'> {
  const [found] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)));
  if (!found) return 'not_found';
  // The scope rules POST applies (issue 33 item 6): a type the memory's scope may not hold (a
  // personal memory in an agent's scope, read back as that agent's profile) is refused.
  if (edit.type !== undefined && !scopeAdmits(found, edit.type)) return 'type_not_admitted';
  // The scope's lock, without holding a connection while waiting for it (db/memory/scope-lock.ts).
  return withScopeLock(db, found, async (tx) => {
    const [old] = await tx.select().from(memories).where(eq(memories.id, id)).for('update');
    if (old?.status !== 'active') return 'not_active';
    const now = new Date();
    const newId = newMemoryId();
    const sessionId = 'sessionId' in old.source ? old.source.sessionId : undefined;
    const [memory] = await tx
      .insert(memories)
      .values({
        id: newId,
        tenantId,
        userId: old.userId,
        agentId: old.agentId,
        sessionScope: old.sessionScope,
        type: edit.type ?? old.type,
        category: old.category,
        key: old.key,
        subjectKey: subjectOf(edit.content)?.key ?? null,
        content: edit.content,
        abstract: edit.abstract ?? clip(edit.content, MEMORY_ABSTRACT_MAX),
        normalized: normalizeMemoryText(edit.content),
        priority: edit.priority ?? old.priority,
        source: { kind: 'operator', ...(sessionId ? { sessionId } : {}) },
        validFrom: now,
        recordedAt: now,
        extractionId: null,
        status: 'active',
      })
      .returning();
    if (!memory) throw new Error('memory insert returned nothing');
    await indexTermsOf(tx, [memory]);
    const previous = await supersedeMemory(tx, old.id, memory.id, now);
    await tx.insert(memoryEvents).values({
      id: `${newId}:edit`,
      tenantId,
      memoryId: memory.id,
      extractionId: null,
      kind: 'supersede',
      userId: memory.userId,
      agentId: memory.agentId,
      before: memorySnapshot(old),
      after: memorySnapshot(memory),
      reason: EDIT_REASON,
    });
    return { memory, previous: previous ?? old };
  });
}
