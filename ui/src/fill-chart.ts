/**
 * A session's fill over time (docs/console.md#fill-chart): the live tokens against the window,
 * reconstructed from the timeline's turns and compactions, with the upload and force thresholds
 * as lines and each compaction marked where it started. Inline SVG, no chart library.
 *
 * After each turn the live context grows by the turn's tokens; when a compaction attaches its
 * summary (succeeded or degraded), the live context becomes the summary plus the turns after its
 * range. The last point is the session's own `liveTokens` now. Pruning and overflow cuts are not
 * in the timeline's figures, so between compactions the line is the transcript's growth.
 */
import type { CompactionItem, Timeline } from './timeline.js';
import { html, num, pct, when } from './ui.js';

export interface FillPoint {
  at: number;
  tokens: number;
}

/** The points of the line, oldest first, ending with `now` at the session's live tokens. */
export function fillSeries(items: Timeline['items'], liveTokens: number, now: number): FillPoint[] {
  type Step = { at: number; apply: (live: number) => number };
  const seen: Array<{ fromSeq: number; tokens: number }> = [];
  const steps: Step[] = [];
  for (const item of items) {
    if (item.kind === 'turn') {
      steps.push({
        at: Date.parse(item.at),
        apply: (live) => {
          seen.push({ fromSeq: item.fromSeq, tokens: item.tokens });
          return live + item.tokens;
        },
      });
    } else if (
      item.kind === 'compaction' &&
      (item.status === 'succeeded' || item.status === 'degraded') &&
      item.finishedAt &&
      item.tokensAfter !== null
    ) {
      const summary = item.tokensAfter;
      steps.push({
        at: Date.parse(item.finishedAt),
        apply: () =>
          summary + seen.filter((t) => t.fromSeq > item.toSeq).reduce((sum, t) => sum + t.tokens, 0),
      });
    }
  }
  steps.sort((a, b) => a.at - b.at);
  const points: FillPoint[] = [];
  let live = 0;
  for (const step of steps) {
    live = step.apply(live);
    points.push({ at: step.at, tokens: live });
  }
  points.push({ at: Math.max(now, points.at(-1)?.at ?? now), tokens: liveTokens });
  return points;
}

const W = 720;
const H = 200;
const PAD = { left: 56, right: 12, top: 10, bottom: 24 };

export function FillChart({
  items,
  liveTokens,
  contextWindowTokens,
  thresholds,
}: {
  items: Timeline['items'];
  liveTokens: number;
  contextWindowTokens: number;
  thresholds: { upload: number; force: number };
}) {
  const points = fillSeries(items, liveTokens, Date.now());
  const compactions = items.filter((item): item is CompactionItem => item.kind === 'compaction');
  const t0 = Math.min(points[0]?.at ?? Date.now(), ...compactions.map((c) => Date.parse(c.at)));
  const t1 = Math.max(points.at(-1)?.at ?? t0, t0 + 1);
  const top = Math.max(contextWindowTokens, ...points.map((p) => p.tokens), 1);
  const x = (at: number) => PAD.left + ((at - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (tokens: number) => PAD.top + (1 - tokens / top) * (H - PAD.top - PAD.bottom);
  // A step line: the level holds until the next event.
  let d = '';
  points.forEach((p, i) => {
    const prev = points[i - 1];
    d +=
      i === 0
        ? `M${x(p.at).toFixed(1)},${y(p.tokens).toFixed(1)}`
        : `H${x(p.at).toFixed(1)}V${y(p.tokens).toFixed(1)}`;
    if (prev === undefined && points.length === 1) d += `H${x(t1).toFixed(1)}`;
  });
  const line = (ratio: number, cls: string, label: string) =>
    html`<g class=${`threshold ${cls}`}>
      <line class=${`threshold-${cls}`} x1=${PAD.left} x2=${W - PAD.right} y1=${y(ratio * contextWindowTokens)} y2=${y(ratio * contextWindowTokens)} />
      <text x=${W - PAD.right - 4} y=${y(ratio * contextWindowTokens) - 3} text-anchor="end">${label} ${pct(ratio)}</text>
    </g>`;
  const last = points.at(-1);
  return html`<figure class="fill-chart-figure">
    <svg
      class="fill-chart"
      viewBox=${`0 0 ${W} ${H}`}
      role="img"
      aria-label=${`Live context over time: ${points.length} points, ${compactions.length} compactions, now ${num(liveTokens)} of ${num(contextWindowTokens)} tokens`}
      data-points=${points.length}
      data-last-tokens=${last?.tokens ?? 0}
    >
      <line class="axis" x1=${PAD.left} x2=${PAD.left} y1=${PAD.top} y2=${H - PAD.bottom} />
      <line class="axis" x1=${PAD.left} x2=${W - PAD.right} y1=${H - PAD.bottom} y2=${H - PAD.bottom} />
      <text class="tick" x=${PAD.left - 4} y=${y(contextWindowTokens) + 4} text-anchor="end">${num(contextWindowTokens)}</text>
      <text class="tick" x=${PAD.left - 4} y=${H - PAD.bottom + 4} text-anchor="end">0</text>
      <text class="tick" x=${PAD.left} y=${H - 6}>${when(new Date(t0).toISOString())}</text>
      <text class="tick" x=${W - PAD.right} y=${H - 6} text-anchor="end">now</text>
      ${line(thresholds.upload, 'upload', 'compaction at')}
      ${line(thresholds.force, 'force', 'forced at')}
      ${compactions.map(
        (c) => html`<g class=${`compaction-mark ${c.status}`} data-compaction=${c.compactionId}>
          <line class=${`mark ${c.status}`} x1=${x(Date.parse(c.at))} x2=${x(Date.parse(c.at))} y1=${PAD.top} y2=${H - PAD.bottom} />
          <title>${`Compaction ${c.compactionId} (${c.status}, ${c.trigger}) · seq ${c.fromSeq}–${c.toSeq} · ${num(c.tokensBefore)} → ${num(c.tokensAfter)} tokens · ${when(c.at)}`}</title>
        </g>`,
      )}
      <path class="fill-line" d=${d} />
      ${last ? html`<circle class="fill-now" cx=${x(last.at)} cy=${y(last.tokens)} r="3.5"><title>${`now: ${num(last.tokens)} tokens`}</title></circle>` : null}
    </svg>
    <figcaption>Live tokens over time against the ${num(contextWindowTokens)}-token window; dashed lines mark compactions (hover for details).</figcaption>
  </figure>`;
}
