/**
 * How `molt memories` and `molt extractions` print the API's answers (tables and field blocks),
 * typed by the routes' own response schemas (api/schemas/memories.ts).
 */
import type { z } from 'zod';
import type { contextResponseSchema } from '../api/schemas/context.js';
import type {
  extractionListSchema,
  extractionSchema,
  extractionWithDiffSchema,
  memoryListSchema,
  memorySchema,
  memoryWithEventsSchema,
} from '../api/schemas/memories.js';
import { formatFields, formatTable, formatTimestamp, nextPageHint, plural, truncate } from './format.js';

type MemoryItem = z.infer<typeof memorySchema>;
type ExtractionItem = z.infer<typeof extractionSchema>;

const scopeText = (m: MemoryItem) =>
  [m.userId && `user ${m.userId}`, m.agentId && `agent ${m.agentId}`].filter(Boolean).join(', ') || 'session';

export function renderMemoryList(
  list: z.infer<typeof memoryListSchema>,
  command = 'molt memories list',
): string {
  if (list.items.length === 0) return 'no memories';
  const scored = list.items.some((m) => m.score !== undefined);
  const table = formatTable<MemoryItem>(
    [
      { header: 'MEMORY', value: (m) => m.id },
      ...(scored
        ? [{ header: 'SCORE', value: (m: MemoryItem) => (m.score ?? 0).toFixed(3), align: 'right' as const }]
        : []),
      { header: 'TYPE', value: (m) => m.type },
      { header: 'STATUS', value: (m) => m.status },
      { header: 'SCOPE', value: scopeText },
      { header: 'RECORDED (UTC)', value: (m) => formatTimestamp(m.recordedAt) },
      { header: 'ABSTRACT', value: (m) => truncate(m.abstract, 80) },
    ],
    list.items,
  );
  return table + nextPageHint(command, list.nextCursor);
}

export function renderMemory(m: z.infer<typeof memoryWithEventsSchema>): string {
  const source = m.source as {
    sessionId?: string;
    fromSeq?: number;
    toSeq?: number;
    quote?: string;
    kind?: string;
  };
  const fields: Array<[string, string]> = [
    ['memory', m.id],
    ['type', m.type],
    ['status', m.status + (m.supersededBy ? ` (by ${m.supersededBy})` : '')],
    ['scope', scopeText(m)],
    ['key', m.key ?? '—'],
    ['priority', String(m.priority)],
    ['recorded', formatTimestamp(m.recordedAt)],
    ['valid from', formatTimestamp(m.validFrom)],
    [
      'source',
      source.kind ?? `session ${source.sessionId}, seq ${source.fromSeq}–${source.toSeq}\n"${source.quote}"`,
    ],
    ['content', m.content],
  ];
  const events = formatTable(
    [
      { header: 'EVENT', value: (e: (typeof m.events)[number]) => e.kind },
      { header: 'AT (UTC)', value: (e) => formatTimestamp(e.createdAt) },
      { header: 'EXTRACTION', value: (e) => e.extractionId ?? '—' },
    ],
    m.events,
  );
  return `${formatFields(fields)}\n\n${events}`;
}

const countsText = (x: ExtractionItem) =>
  x.counts
    ? `${plural(x.counts.candidates, 'candidate')}: ${x.counts.added} added, ${x.counts.superseded} superseded, ` +
      `${plural(x.counts.duplicates, 'duplicate')}, ${x.counts.rejected} rejected`
    : '—';

export function renderExtractionList(list: z.infer<typeof extractionListSchema>): string {
  if (list.items.length === 0) return 'no memory extractions';
  const table = formatTable<ExtractionItem>(
    [
      { header: 'EXTRACTION', value: (x) => x.id },
      { header: 'TRIGGER', value: (x) => x.trigger },
      { header: 'STATUS', value: (x) => x.status },
      { header: 'VERDICT', value: (x) => x.verdict ?? '—' },
      { header: 'SEQS', value: (x) => `${x.fromSeq}–${x.toSeq}`, align: 'right' },
      { header: 'COUNTS', value: countsText },
      { header: 'STARTED (UTC)', value: (x) => formatTimestamp(x.startedAt) },
      { header: 'ERROR', value: (x) => truncate(x.error ?? '', 60) },
    ],
    list.items,
  );
  return table + nextPageHint('molt extractions list', list.nextCursor);
}

export function renderExtraction(x: z.infer<typeof extractionWithDiffSchema>): string {
  const fields: Array<[string, string]> = [
    ['extraction', x.id],
    ['session', `${x.sessionId}, seq ${x.fromSeq}–${x.toSeq}`],
    ['trigger', x.trigger],
    ['status', x.status],
    ['extractor', x.extractor],
    ['counts', countsText(x)],
    ['tokens', x.tokens ? `${x.tokens.input} in, ${x.tokens.output} out` : '—'],
    ['verdict', x.verdict ?? '—'],
    ['cause', x.cause ?? '—'],
    ['error', x.error ?? '—'],
  ];
  const diff = x.diff.map((d) => {
    const after = d.after as { abstract?: string } | null;
    const mark = { add: '+', supersede: '~', delete: '-', duplicate: '=', noop: '·' }[d.kind];
    return `${mark} ${d.memoryId}  ${after?.abstract ?? ''}${d.reason ? `  (${d.reason})` : ''}`;
  });
  return `${formatFields(fields)}\n\n${diff.length > 0 ? diff.join('\n') : '(no changes)'}`;
}

type ContextAnswer = z.infer<typeof contextResponseSchema>;

/** `molt recall`: what recall did for a session's next context, and why. */
export function renderRecall(sessionId: string, ctx: ContextAnswer): string {
  const { recall } = ctx;
  const lines = [`recall for session ${sessionId}`];
  if (recall.skipped) lines.push(`  skipped: ${recall.skipped}`);
  if (recall.query !== null) lines.push(`  query: ${JSON.stringify(recall.query)}`);
  if (recall.retrieval) {
    const { mode, reason } = recall.retrieval;
    lines.push(
      `  ranking: ${mode}${reason ? ` (vectors not used: ${reason})` : ' (lexical + vectors, fused)'}`,
    );
  }
  const explained = recall.explain ?? [];
  if (explained.length === 0 && !recall.skipped) lines.push('  no memory scored over the threshold');
  if (explained.length > 0) {
    type Explained = (typeof explained)[number];
    lines.push(
      '',
      formatTable<Explained>(
        [
          { header: 'MEMORY', value: (e) => e.id },
          { header: 'TYPE', value: (e) => e.type },
          { header: 'SCORE', value: (e) => e.score.toFixed(3), align: 'right' },
          { header: 'TRIGRAM', value: (e) => e.trigram.toFixed(3), align: 'right' },
          { header: 'COSINE', value: (e) => (e.cosine === null ? '-' : e.cosine.toFixed(3)), align: 'right' },
          { header: 'INJECTED', value: (e) => (e.injected ? 'yes' : 'no (cap)') },
          { header: 'MATCHED TERMS', value: (e) => e.matchedTerms.join(', ') },
          { header: 'CONTENT', value: (e) => truncate(e.content, 60) },
        ],
        explained,
      ),
    );
  }
  if (recall.skills.length > 0) lines.push('', `skill memories added to: ${recall.skills.join(', ')}`);
  lines.push('', 'system prompt addition:', ctx.systemPromptAddition ?? '  (none)');
  return lines.join('\n');
}
