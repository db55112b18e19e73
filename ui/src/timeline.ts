/**
 * One session's timeline (GET /v1/sessions/{id}/timeline): turns, the thresholds that started
 * compactions, compactions with their range, tokens before → after and chunk fallback levels (a
 * failed, degraded or cancelled one has a Replay button), extractions, breaker transitions and
 * overflow recoveries. `seq` (from a memory's provenance link) highlights the turn holding it.
 */
import { useEffect, useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { errorMessage, molt } from './api.js';
import { Badge, ErrorBox, extractionLink, html, Notice, num, useAction, when } from './ui.js';

type Timeline = Answer<'/v1/sessions/{sessionId}/timeline', 'get', 200>;
type Item = Timeline['items'][number];
type CompactionItem = Extract<Item, { kind: 'compaction' }>;

const REPLAYABLE = new Set(['failed', 'degraded', 'cancelled']);

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
    <button class="replay" disabled=${action.busy} onClick=${replay}>Replay</button>
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
      ${REPLAYABLE.has(item.status) ? html` <${ReplayButton} item=${item} onReplayed=${onReplayed} />` : null}
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

export function TimelineView({
  sessionId,
  seq,
  version,
  onChange,
}: {
  sessionId: string;
  seq: number | undefined;
  version: number;
  onChange: () => void;
}) {
  const [data, setData] = useState<Timeline | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [showTurns, setShowTurns] = useState(true);
  useEffect(() => {
    let live = true;
    answered(molt().api.GET('/v1/sessions/{sessionId}/timeline', { params: { path: { sessionId } } })).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setError(undefined);
      },
      (failure: unknown) => {
        if (live) setError(errorMessage(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, version]);
  useEffect(() => {
    if (seq === undefined || !data) return;
    const turn = document.querySelector('.event.turn.highlight');
    turn?.scrollIntoView({ block: 'center' });
  }, [data, seq]);

  const items = (data?.items ?? []).filter((item) => showTurns || item.kind !== 'turn');
  return html`<section class="timeline">
    <h2>Timeline</h2>
    <label class="toggle"><input type="checkbox" checked=${showTurns} onChange=${() => setShowTurns(!showTurns)} /> show turns</label>
    <${ErrorBox} error=${error} />
    ${data?.truncated ? html`<p class="notice">Only the latest entries of each kind are shown.</p>` : null}
    ${data && items.length === 0 ? html`<p class="empty">Nothing has happened yet.</p>` : null}
    <ol class="events">
      ${items.map((item) => html`<${Entry} item=${item} seq=${seq} onReplayed=${onChange} />`)}
    </ol>
  </section>`;
}
