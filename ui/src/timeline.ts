/**
 * One session's timeline (GET /v1/sessions/{id}/timeline): turns, the thresholds that started
 * compactions, compactions with their range, tokens before → after and chunk fallback levels (a
 * failed, degraded or cancelled one has a Replay button), extractions, breaker transitions and
 * overflow recoveries. `seq` (from a memory's provenance link) highlights the turn holding it.
 */
import { useEffect, useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { molt } from './api.js';
import { Badge, ConfirmButton, ErrorBox, extractionLink, html, Notice, num, useAction, when } from './ui.js';

export type Timeline = Answer<'/v1/sessions/{sessionId}/timeline', 'get', 200>;
type Item = Timeline['items'][number];
export type CompactionItem = Extract<Item, { kind: 'compaction' }>;

/** The timeline's first read: each kind's newest entries, this many; "Show older entries" doubles it. */
export const TIMELINE_LIMIT = 300;
/** The timeline route's largest `limit`. */
export const TIMELINE_MAX_LIMIT = 1_000;

/** The timeline of a session, each kind's newest `limit` entries. */
export function loadTimeline(sessionId: string, limit: number): Promise<Timeline> {
  return answered(
    molt().api.GET('/v1/sessions/{sessionId}/timeline', {
      params: { path: { sessionId }, query: { limit } },
    }),
  );
}

const CROSSED: Record<string, string> = {
  threshold: 'upload threshold crossed: a compaction starts in the background',
  forced: 'force threshold crossed: the range leaves the live context now',
  overflow: 'overflow reported: recovery compacts',
  manual: 'manual compaction requested',
  replay: 'replay requested by an operator',
};

function ReplayButton({ item, onReplayed }: { item: CompactionItem; onReplayed: () => void }) {
  const action = useAction();
  const replay = () =>
    action.run(async () => {
      const answer = await answered(
        molt().api.POST('/v1/compactions/{compactionId}/replay', {
          params: { path: { compactionId: item.compactionId } },
        }),
      );
      onReplayed();
      return `replay started: ${answer.compaction.id}`;
    });
  return html`<span class="action">
    <${ConfirmButton}
      label="Replay"
      buttonClass="replay"
      question=${`Replay compaction ${item.compactionId} (seq ${item.fromSeq}–${item.toSeq})? A new attempt summarises the range again and replaces this summary when it succeeds.`}
      confirmLabel="Yes, replay"
      busy=${action.busy}
      onConfirm=${replay}
    />
    <${Notice} text=${action.done} /><${ErrorBox} error=${action.error} />
  </span>`;
}

function CompactionEntry({ item, onReplayed }: { item: CompactionItem; onReplayed: () => void }) {
  const thresholds = CROSSED[item.trigger];
  const chunks = item.chunkLevels.length;
  const facts = [
    `seq ${item.fromSeq}–${item.toSeq}`,
    `${num(item.tokensBefore)} → ${num(item.tokensAfter)} tokens`,
    `${chunks} chunk${chunks === 1 ? '' : 's'}${chunks > 0 ? ` (fallback levels ${item.chunkLevels.map((l) => l ?? '·').join(' ')})` : ''}`,
  ].join(' · ');
  return html`<li class=${`event compaction ${item.status}`} data-compaction=${item.compactionId}>
    ${thresholds ? html`<div class="crossed">▲ ${thresholds}</div>` : null}
    <div>
      <time>${when(item.at)}</time> <strong>Compaction</strong> <${Badge} text=${item.status} /> <small>${item.trigger}</small>${` · ${facts}`}
      ${item.replayOf ? html` · replays <code>${item.replayOf}</code>` : null}
      ${item.replayable ? html` <${ReplayButton} item=${item} onReplayed=${onReplayed} />` : null}
      ${!item.replayable && (item.status === 'failed' || item.status === 'degraded' || item.status === 'cancelled') ? html` <small class="muted covered">range covered by a newer summary: nothing to replay</small>` : null}
    </div>
    ${item.verdict ? html`<div class="verdict">verdict <${Badge} text=${item.verdict} />${item.cause && item.cause !== item.error ? html` <span class="error-text">${item.cause}</span>` : null}</div>` : null}
    ${item.error ? html`<div class="error-text">${item.error}</div>` : null}
    <div class="id"><code>${item.compactionId}</code></div>
  </li>`;
}

function Entry({ item, seq, onReplayed }: { item: Item; seq: number | undefined; onReplayed: () => void }) {
  const at = html`<time>${when(item.at)}</time>`;
  switch (item.kind) {
    case 'turn': {
      const here = seq !== undefined && seq >= item.fromSeq && seq <= item.toSeq;
      return html`<li class=${`event turn${here ? ' highlight' : ''}`} id=${`turn-${item.fromSeq}`} data-turn=${item.turnId}>
        ${at} <strong>Turn</strong> <code>${item.turnId}</code> · seq ${item.fromSeq}–${item.toSeq} · ${num(item.tokens)} tokens
      </li>`;
    }
    case 'compaction':
      return html`<${CompactionEntry} item=${item} onReplayed=${onReplayed} />`;
    case 'extraction':
      return html`<li class=${`event extraction ${item.status}`}>
        ${at} <strong>Memory extraction</strong> <${Badge} text=${item.status} />${` · seq ${item.fromSeq}–${item.toSeq}${item.added !== null ? ` · ${item.added} added, ${item.superseded ?? 0} superseded` : ''} · `}${extractionLink(item.extractionId, 'diff')}
        ${item.verdict ? html`<div class="verdict">verdict <${Badge} text=${item.verdict} /></div>` : null}
        ${(item.cause ?? item.error) ? html`<div class="error-text">${item.cause ?? item.error}</div>` : null}
      </li>`;
    case 'breaker':
      return html`<li class=${`event breaker ${item.state}`}>
        ${at} <strong>Breaker ${item.state}</strong> · ${item.consecutiveFailures} consecutive failure${item.consecutiveFailures === 1 ? '' : 's'}
        ${item.reason ? html`<div class="error-text">${item.reason}</div>` : null}
      </li>`;
    case 'truncation':
      return html`<li class="event truncation">
        ${at} <strong>Overflow recovery</strong> · seq ${item.seq} cut to ${num(item.tokens)} tokens
        <div>${item.reason}</div>
      </li>`;
  }
}

/** Which entries of a kind the page shows out of how many: "newest 300 of 1,204 turns". */
function shownOf(
  shown: number,
  total: { total: number; totalCapped: boolean },
  noun: [string, string],
): string {
  const all = `${num(total.total)}${total.totalCapped ? '+' : ''}`;
  const word = total.total === 1 && !total.totalCapped ? noun[0] : noun[1];
  return shown < total.total || total.totalCapped
    ? `newest ${num(shown)} of ${all} ${word}`
    : `${all} ${word}`;
}

export function TimelineView({
  data,
  error,
  seq,
  onChange,
  onOlder,
}: {
  data: Timeline | undefined;
  error: string | undefined;
  seq: number | undefined;
  onChange: () => void;
  /** Reads more of each kind; absent when the route's largest limit is reached. */
  onOlder: (() => void) | undefined;
}) {
  const [showTurns, setShowTurns] = useState(true);
  useEffect(() => {
    if (seq === undefined || !data) return;
    const turn = document.querySelector('.event.turn.highlight');
    turn?.scrollIntoView({ block: 'center' });
  }, [data === undefined, seq]);

  const all = data?.items ?? [];
  const items = all.filter((item) => showTurns || item.kind !== 'turn');
  const count = (kind: Item['kind']) => all.filter((item) => item.kind === kind).length;
  return html`<section class="timeline">
    <h2>Timeline</h2>
    <label class="toggle"><input type="checkbox" checked=${showTurns} onChange=${() => setShowTurns(!showTurns)} /> show turns</label>
    <${ErrorBox} error=${error} />
    ${
      data
        ? html`<p class="totals" data-turns=${data.totals.turns.total} data-compactions=${data.totals.compactions.total}>
            ${[
              shownOf(count('turn'), data.totals.turns, ['turn', 'turns']),
              shownOf(count('compaction'), data.totals.compactions, ['compaction', 'compactions']),
              shownOf(count('extraction'), data.totals.extractions, ['extraction', 'extractions']),
              shownOf(count('breaker'), data.totals.breaker, ['breaker transition', 'breaker transitions']),
              shownOf(count('truncation'), data.totals.truncations, ['overflow cut', 'overflow cuts']),
            ].join(' · ')}
          </p>`
        : null
    }
    ${data && items.length === 0 ? html`<p class="empty">Nothing has happened yet.</p>` : null}
    ${data?.truncated && onOlder ? html`<button class="older" onClick=${onOlder}>Show older entries</button>` : null}
    ${data?.truncated && !onOlder ? html`<p class="notice">Only the latest entries of each kind are shown.</p>` : null}
    <ol class="events">
      ${items.map((item) => html`<${Entry} key=${keyOf(item)} item=${item} seq=${seq} onReplayed=${onChange} />`)}
    </ol>
  </section>`;
}

function keyOf(item: Item): string {
  switch (item.kind) {
    case 'turn':
      return `turn-${item.turnId}`;
    case 'compaction':
      return `compaction-${item.compactionId}`;
    case 'extraction':
      return `extraction-${item.extractionId}`;
    case 'breaker':
      return `breaker-${item.at}-${item.state}`;
    case 'truncation':
      return `truncation-${item.at}-${item.seq}`;
  }
}
