/**
 * How `molt history <sessionId>` prints a session's Temporal history: a summary of each run by
 * default, every event with `--raw` (cli/operator.ts).
 */
import type { HistoryAnswer } from '../api/schemas/sessions.js';
import { formatCount, formatTable, formatTimestamp, indent, plural } from './format.js';

/**
 * `molt history <sessionId>`: each run in a few lines — status, how many events over what time,
 * and the events counted by type; `--raw` prints every event (renderHistoryEvents).
 */
export function renderHistory(history: HistoryAnswer): string {
  if (history.runs.length === 0) return 'no workflow runs';
  const runs = history.runs.map((run) => {
    const first = run.events[0]?.time;
    const last = run.events.at(-1)?.time;
    const span = first && last ? `, ${formatTimestamp(first)} → ${formatTimestamp(last)} UTC` : '';
    const byType = new Map<string, number>();
    for (const event of run.events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    const counts = formatTable(
      [
        { header: 'EVENTS', value: ([, n]: [string, number]) => formatCount(n), align: 'right' },
        { header: 'TYPE', value: ([type]) => type },
      ],
      [...byType].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    );
    return `${run.workflowId}  ${run.status}  (${plural(run.events.length, 'event')}${span})\n${indent(counts)}`;
  });
  return `${runs.join('\n\n')}\n\n(every event with --raw)`;
}

export function renderHistoryEvents(history: HistoryAnswer): string {
  if (history.runs.length === 0) return 'no workflow runs';
  return history.runs
    .map((run) => {
      const header = `${run.workflowId}  run ${run.runId}  ${run.status}  (${run.events.length} events)`;
      const events = formatTable(
        [
          {
            header: 'EVENT',
            value: (e: HistoryAnswer['runs'][number]['events'][number]) => String(e.id),
            align: 'right',
          },
          { header: 'TIME (UTC)', value: (e) => formatTimestamp(e.time, { ms: true }) },
          { header: 'TYPE', value: (e) => e.type },
          // Events with nothing to add are summarised by their type; do not print it twice.
          { header: 'SUMMARY', value: (e) => (e.summary === e.type ? '' : e.summary) },
        ],
        run.events,
      );
      return `${header}\n${indent(events)}`;
    })
    .join('\n\n');
}
