/**
 * The stretch of transcript key-file restore reads (context/restore/): the tool calls and results
 * of the range the summary in force compacted — from that compaction's first seq to the boundary
 * (which is past the summary's end while a forced clean-up awaits its summary). Message bodies as
 * the agent sent them; user messages are not read (they carry no file operations).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Message } from '../context/messages.js';
import type { SeqMessage } from '../context/restore/index.js';
import type { Database } from './client.js';
import { compactions, messages } from './schema.js';

export async function readCompactedFileOperations(
  db: Database,
  tenantId: string,
  sessionId: string,
  range: { compactionId: string; boundarySeq: number },
): Promise<SeqMessage[]> {
  const [compaction] = await db
    .select({ fromSeq: compactions.fromSeq })
    .from(compactions)
    .where(and(eq(compactions.tenantId, tenantId), eq(compactions.id, range.compactionId)));
  if (!compaction) return [];
  const rows = await db
    .select({
      seq: messages.seq,
      bodyRaw: messages.bodyRaw,
      body: sql<unknown>`case when ${messages.bodyRaw} is null then ${messages.body} end`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.sessionId, sessionId),
        gte(messages.seq, compaction.fromSeq),
        lte(messages.seq, range.boundarySeq),
        inArray(messages.role, ['assistant', 'toolResult']),
      ),
    )
    .orderBy(asc(messages.seq));
  return rows.map((row) => ({
    seq: row.seq,
    body: (row.bodyRaw === null ? row.body : JSON.parse(row.bodyRaw)) as Message,
  }));
}
