/**
 * Anthropic's memory tool over a scope's memories (docs/anthropic-memory-tool.md): one command
 * runs in one transaction under the scope's lock — read the scope's files, decide
 * (context/memory/memory-files.ts), write. An edit or a rename stores a new memory that
 * supersedes the old one (the history keeps every version, as PATCH does); a delete marks the
 * memory deleted. Every change is a memory event.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  applyMemoryCommand,
  MEMORY_FILE_CATEGORY,
  MEMORY_FILE_TYPE,
  MEMORY_FILES_MAX,
  type MemoryCommand,
  type MemoryCommandResult,
} from '../context/memory/memory-files.js';
import { clip, MEMORY_ABSTRACT_MAX, normalizeMemoryText } from '../context/memory/policy.js';
import type { Database } from './client.js';
import {
  type Executor,
  indexTermsOf,
  lockScope,
  type MemoryScope,
  memorySnapshot,
  scopeCondition,
  unindexTerms,
} from './memories.js';
import { currentCondition, type MemoryRow, memories, memoryEvents } from './memory-schema.js';

/** The scope's memory-tool files, path → row. */
async function filesOf(tx: Executor, scope: MemoryScope): Promise<Map<string, MemoryRow>> {
  const rows = await tx
    .select()
    .from(memories)
    .where(and(scopeCondition(scope), currentCondition(), eq(memories.category, MEMORY_FILE_CATEGORY)))
    .orderBy(memories.key)
    .limit(MEMORY_FILES_MAX + 1);
  return new Map(rows.filter((row) => row.key !== null).map((row) => [row.key!, row]));
}

export interface MemoryFileOutcome extends Pick<MemoryCommandResult, 'text' | 'isError'> {
  /** Memories written (new files, edits, renames): their embeddings are due. */
  written: string[];
}

/** Runs one memory-tool command in `scope`; `sessionId` is recorded as the writes' source. */
export async function runMemoryCommand(
  db: Database,
  scope: MemoryScope,
  command: MemoryCommand,
  sessionId: string | null,
): Promise<MemoryFileOutcome> {
  return db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const rows = await filesOf(tx, scope);
    const files = new Map([...rows].map(([path, row]) => [path, row.content]));
    const result = applyMemoryCommand(files, command);
    const written: string[] = [];
    const now = new Date();
    for (const write of result.writes) {
      const previous = write.replaces ? rows.get(write.replaces) : undefined;
      const id = `mem_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const [memory] = await tx
        .insert(memories)
        .values({
          id,
          tenantId: scope.tenantId,
          userId: scope.userId,
          agentId: scope.agentId,
          sessionScope: scope.sessionScope,
          type: MEMORY_FILE_TYPE,
          category: MEMORY_FILE_CATEGORY,
          key: write.path,
          subjectKey: null,
          content: write.content,
          abstract: clip(`${write.path}: ${write.content}`, MEMORY_ABSTRACT_MAX),
          normalized: normalizeMemoryText(write.content),
          priority: 3,
          source: { kind: 'commit_memory', ...(sessionId ? { sessionId } : {}) },
          validFrom: now,
          recordedAt: now,
          extractionId: null,
          status: 'active',
        })
        .returning();
      if (!memory) throw new Error('memory insert returned nothing');
      await indexTermsOf(tx, [memory]);
      let superseded: MemoryRow | undefined;
      if (previous) {
        [superseded] = await tx
          .update(memories)
          .set({ status: 'superseded', supersededAt: now, supersededBy: memory.id, validTo: now })
          .where(and(eq(memories.id, previous.id), ne(memories.status, 'deleted')))
          .returning();
        await unindexTerms(tx, previous.id);
      }
      await tx.insert(memoryEvents).values({
        id: `${id}:memory-tool`,
        tenantId: scope.tenantId,
        memoryId: memory.id,
        extractionId: null,
        kind: previous ? 'supersede' : 'add',
        userId: scope.userId,
        agentId: scope.agentId,
        before: superseded ? memorySnapshot(previous!) : null,
        after: memorySnapshot(memory),
        reason: `memory tool ${command.command} ${write.path}`,
      });
      written.push(memory.id);
    }
    const deleted = result.deletes.flatMap((path) => rows.get(path) ?? []);
    if (deleted.length > 0) {
      const ids = deleted.map((row) => row.id);
      const after = await tx
        .update(memories)
        .set({ status: 'deleted', validTo: now })
        .where(inArray(memories.id, ids))
        .returning();
      for (const row of deleted) {
        await unindexTerms(tx, row.id);
        const now = after.find((a) => a.id === row.id);
        await tx
          .insert(memoryEvents)
          .values({
            id: `${row.id}:delete`,
            tenantId: scope.tenantId,
            memoryId: row.id,
            extractionId: null,
            kind: 'delete',
            reason: `memory tool delete ${row.key}`,
            userId: row.userId,
            agentId: row.agentId,
            before: memorySnapshot(row),
            after: now ? memorySnapshot(now) : null,
          })
          .onConflictDoNothing();
      }
    }
    return { text: result.text, isError: result.isError, written };
  });
}
