/**
 * How the operator verbs print the API's answers: plain padded tables and `label  value` blocks.
 * Pure functions of the answers as the API's own response schemas parse them (cli/operator.ts),
 * so an API of another version fails with a message instead of printing `undefined`.
 */
import stringWidth from 'string-width';
import type { z } from 'zod';
import type {
  CompactionAnswer,
  CompactionItem,
  CompactionListAnswer,
  ReplayAnswer,
} from '../api/schemas/compactions.js';
import type { SessionListAnswer, workflowSessionViewSchema } from '../api/schemas/sessions.js';

// ---------------------------------------------------------------------------------------------
// Tables and fields

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  align?: 'left' | 'right';
}

/**
 * Terminal columns, as string-width (sindresorhus, the usual choice: East Asian Width tables,
 * emoji, combining marks) counts them: a CJK character takes two, `𝑥` one, a combining accent none.
 */
export const widthOf = (text: string) => stringWidth(text);

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** One line per cell: a newline in a value would break the columns. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** Columns separated by two spaces; the last column is not padded, so no line ends in spaces. */
export function formatTable<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[]): string {
  const cells = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => oneLine(column.value(row)))),
  ];
  const widths = columns.map((_column, i) => Math.max(...cells.map((line) => widthOf(line[i]!))));
  return cells
    .map((line) =>
      line
        .map((cell, i) => {
          const pad = ' '.repeat(widths[i]! - widthOf(cell));
          if (columns[i]!.align === 'right') return pad + cell;
          return i === line.length - 1 ? cell : cell + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `label  value` lines with the labels padded to one width; a value's own lines are indented. */
export function formatFields(fields: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...fields.map(([label]) => widthOf(label)));
  const indent = ' '.repeat(width + 2);
  return fields
    .map(([label, value]) =>
      `${label}${' '.repeat(width - widthOf(label))}  ${value.split('\n').join(`\n${indent}`)}`.trimEnd(),
    )
    .join('\n');
}

export function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** `1 failure`, `3 failures`. */
export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** `2026-11-22 02:25:04` in UTC (the tables say so in their headers); with milliseconds if asked. */
export function formatTimestamp(iso: string | null | undefined, { ms = false } = {}): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString().replace('T', ' ');
  return ms ? text.slice(0, 23) : text.slice(0, 19);
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${Math.round((ms % 60_000) / 1_000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function truncate(text: string, max: number): string {
  if (widthOf(text) <= max) return text;
  // By grapheme and by column: a CJK character takes two of the `max` columns, an emoji one glyph.
  let out = '';
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = widthOf(segment);
    if (width + w > max - 1) break;
    out += segment;
    width += w;
  }
  return `${out}…`;
}

/** The next-page hint under a list that has more. */
export function nextPageHint(command: string, nextCursor: string | null): string {
  return nextCursor ? `\nmore: ${command} --cursor ${nextCursor}` : '';
}

// ---------------------------------------------------------------------------------------------
// The API's answers: their schemas and types are the routes' own (api/*-schemas.ts)

/**
 * What a session's block shows: the view as the workflow keeps it (a breaker reset answers that),
 * with the creation time when a list gave it.
 */
export type SessionViewAnswer = z.infer<typeof workflowSessionViewSchema> & { createdAt?: string };

// ---------------------------------------------------------------------------------------------
// Sessions

function breakerText(breaker: SessionViewAnswer['breaker']): string {
  if (breaker.state !== 'open') return breaker.state;
  return `${breaker.halfOpen ? 'half-open' : 'open'} (${plural(breaker.consecutiveFailures, 'failure')})`;
}

function compactionCounts(counts: SessionViewAnswer['compactions']): string {
  const notes = [
    counts.failed ? `${counts.failed} failed` : '',
    counts.degraded ? `${counts.degraded} degraded` : '',
  ].filter(Boolean);
  return notes.length ? `${counts.total} (${notes.join(', ')})` : String(counts.total);
}

export function renderSessionList(list: SessionListAnswer): string {
  if (list.items.length === 0) return 'no sessions';
  const table = formatTable<SessionViewAnswer>(
    [
      { header: 'SESSION', value: (s) => s.sessionId },
      { header: 'WINDOW', value: (s) => formatCount(s.contextWindowTokens), align: 'right' },
      { header: 'LIVE', value: (s) => formatCount(s.liveTokens), align: 'right' },
      { header: 'USED', value: (s) => formatPercent(s.ratio), align: 'right' },
      { header: 'LAST SEQ', value: (s) => String(s.lastSeq), align: 'right' },
      { header: 'BOUNDARY', value: (s) => String(s.boundarySeq), align: 'right' },
      { header: 'BREAKER', value: (s) => breakerText(s.breaker) },
      { header: 'COMPACTIONS', value: (s) => compactionCounts(s.compactions) },
      { header: 'CREATED (UTC)', value: (s) => formatTimestamp(s.createdAt) },
    ],
    list.items,
  );
  return table + nextPageHint('molt sessions list', list.nextCursor);
}

export function renderSession(view: SessionViewAnswer): string {
  const { breaker, upload, summary } = view;
  return formatFields([
    ['session', view.sessionId],
    ['workflow', view.workflowId],
    ...(view.createdAt ? [['created', `${formatTimestamp(view.createdAt)} UTC`] as const] : []),
    ['window', `${formatCount(view.contextWindowTokens)} tokens`],
    [
      'live',
      `${formatCount(view.liveTokens)} tokens, ${formatPercent(view.ratio)} ` +
        `(upload at ${formatPercent(view.thresholds.upload)}, force at ${formatPercent(view.thresholds.force)})`,
    ],
    ['seqs', `last ${view.lastSeq}, boundary ${view.boundarySeq}`],
    ['summary', summary ? `${summary.compactionId} (${formatCount(summary.tokens)} tokens)` : 'none'],
    [
      'upload',
      upload
        ? `${upload.compactionId} seqs ${upload.fromSeq}–${upload.toSeq} ${upload.status}${upload.forced ? ', forced' : ''}`
        : 'none',
    ],
    [
      'breaker',
      `${breakerText(breaker)}, ${plural(breaker.consecutiveFailures, 'consecutive failure')}` +
        (breaker.lastError ? `\nlast error: ${breaker.lastError}` : ''),
    ],
    ['compactions', compactionCounts(view.compactions)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Compactions

const tokensText = (c: Pick<CompactionItem, 'tokensBefore' | 'tokensAfter'>) =>
  c.tokensBefore === null
    ? '—'
    : `${formatCount(c.tokensBefore)} → ${c.tokensAfter === null ? '?' : formatCount(c.tokensAfter)}`;

function tookText(c: Pick<CompactionItem, 'startedAt' | 'finishedAt'>): string {
  if (!c.finishedAt) return 'running';
  return formatDuration(new Date(c.finishedAt).getTime() - new Date(c.startedAt).getTime());
}

export function renderCompactionList(list: CompactionListAnswer): string {
  if (list.items.length === 0) return 'no compactions';
  const table = formatTable<CompactionItem>(
    [
      { header: 'COMPACTION', value: (c) => c.id },
      { header: 'SESSION', value: (c) => c.sessionId },
      { header: 'TRIGGER', value: (c) => c.trigger },
      { header: 'STATUS', value: (c) => c.status },
      { header: 'VERDICT', value: (c) => c.verdict ?? '—' },
      { header: 'SEQS', value: (c) => `${c.fromSeq}–${c.toSeq}`, align: 'right' },
      { header: 'TOKENS', value: tokensText, align: 'right' },
      { header: 'STARTED (UTC)', value: (c) => formatTimestamp(c.startedAt) },
      { header: 'TOOK', value: tookText },
      { header: 'CAUSE', value: (c) => truncate(c.cause ?? '', 60) },
    ],
    list.items,
  );
  return table + nextPageHint('molt compactions list', list.nextCursor);
}

const TODO_BOXES: Record<string, string> = { open: '[ ]', done: '[x]' };

export function renderCompaction(c: CompactionAnswer): string {
  const sections: string[] = [
    formatFields([
      ['compaction', c.id],
      ['session', c.sessionId],
      ['trigger', c.trigger],
      ['status', c.status],
      ...(c.verdict ? [['verdict', c.verdict] as const] : []),
      ...(c.cause ? [['cause', c.cause] as const] : []),
      ['seqs', `${c.fromSeq}–${c.toSeq}`],
      [
        'tokens',
        tokensText(c) + (c.summaryTokens != null ? ` (summary ${formatCount(c.summaryTokens)} tokens)` : ''),
      ],
      ...(c.replayOf ? [['replay of', c.replayOf] as const] : []),
      ['workflow', `${c.workflowId}${c.runId ? ` run ${c.runId}` : ''}`],
      ['started', `${formatTimestamp(c.startedAt)} UTC`],
      ['finished', c.finishedAt ? `${formatTimestamp(c.finishedAt)} UTC (took ${tookText(c)})` : 'running'],
      ...(c.error ? [['error', c.error] as const] : []),
    ]),
  ];
  sections.push(`Summary\n${c.summary ? indent(c.summary.trimEnd()) : '  none'}`);
  sections.push(
    `TODOs\n${
      c.todos.length
        ? c.todos.map((t) => `  ${TODO_BOXES[t.status] ?? `[${t.status}]`} ${oneLine(t.text)}`).join('\n')
        : '  none'
    }`,
  );
  const files = (['read', 'modified', 'referenced'] as const).filter((kind) => c.files[kind].length > 0);
  sections.push(
    `Files\n${
      files.length
        ? indent(formatFields(files.map((kind) => [kind, c.files[kind].join('\n')] as const)))
        : '  none'
    }`,
  );
  sections.push(
    `Tool failures\n${
      c.toolFailures.length
        ? indent(
            formatTable(
              [
                { header: 'TOOL', value: (f: CompactionAnswer['toolFailures'][number]) => f.toolName },
                { header: 'META', value: (f) => truncate(f.meta ?? '', 40) },
                { header: 'SUMMARY', value: (f) => truncate(f.summary, 100) },
              ],
              c.toolFailures,
            ),
          )
        : '  none'
    }`,
  );
  sections.push(
    `Chunks\n${
      c.chunks.length
        ? indent(
            formatTable(
              [
                {
                  header: 'CHUNK',
                  value: (k: CompactionAnswer['chunks'][number]) => String(k.index),
                  align: 'right',
                },
                { header: 'SEQS', value: (k) => `${k.fromSeq}–${k.toSeq}`, align: 'right' },
                { header: 'TOKENS', value: (k) => formatCount(k.tokens), align: 'right' },
                { header: 'LEVEL', value: (k) => (k.level === null ? '—' : String(k.level)) },
                { header: 'ATTEMPTS', value: (k) => String(k.attempts), align: 'right' },
                { header: 'STATUS', value: (k) => k.status },
                { header: 'ERROR', value: (k) => truncate(k.error ?? '', 80) },
              ],
              c.chunks,
            ),
          )
        : '  none'
    }`,
  );
  return sections.join('\n\n');
}

export function renderReplay({ compaction }: ReplayAnswer): string {
  return [
    formatFields([
      ['replay', compaction.id],
      ['replay of', compaction.replayOf ?? '—'],
      ['session', compaction.sessionId],
      ['status', compaction.status],
      ...('fromSeq' in compaction ? [['seqs', `${compaction.fromSeq}–${compaction.toSeq}`] as const] : []),
    ]),
    `follow it with: molt compactions show ${compaction.id}`,
  ].join('\n\n');
}
