/**
 * One session: its fill bar and breaker (with reset), the summary in force with its TODOs, files
 * and tool failures, the timeline (with replay), its memory extractions, and — on demand — why
 * memories were recalled into the context the agent would get now (GET …/context?explain=true).
 */
import { useEffect, useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { molt } from './api.js';
import { ContextView } from './context-view.js';
import { FillBar } from './fill-bar.js';
import { FillChart } from './fill-chart.js';
import { HistoryPanel } from './history.js';
import { LiveBadge, useLive } from './live.js';
import { loadTimeline, TIMELINE_LIMIT, TIMELINE_MAX_LIMIT, TimelineView } from './timeline.js';
import {
  Badge,
  ConfirmButton,
  ErrorBox,
  extractionLink,
  html,
  memoryLink,
  Notice,
  num,
  Pager,
  route,
  useAction,
  useLoad,
  usePaged,
  when,
} from './ui.js';

type Session = Answer<'/v1/sessions/{sessionId}', 'get', 200>;
type Compaction = Answer<'/v1/compactions/{compactionId}', 'get', 200>;
type Context = Answer<'/v1/sessions/{sessionId}/context', 'get', 200>;

function BreakerPanel({ session, onChange }: { session: Session; onChange: () => void }) {
  const action = useAction();
  const { breaker } = session;
  const reset = () =>
    action.run(async () => {
      const view = await answered(
        molt().api.POST('/v1/sessions/{sessionId}/breaker/reset', {
          params: { path: { sessionId: session.sessionId } },
        }),
      );
      onChange();
      return `breaker ${view.breaker.state}`;
    });
  return html`<div class="panel breaker-panel">
    <h2>Circuit breaker</h2>
    <p><${Badge} text=${breaker.halfOpen ? 'half-open' : breaker.state} /> · ${breaker.consecutiveFailures} consecutive failure${breaker.consecutiveFailures === 1 ? '' : 's'}</p>
    ${breaker.lastError ? html`<p class="error-text">${breaker.lastError}</p>` : null}
    ${
      breaker.state === 'open' || breaker.consecutiveFailures > 0
        ? html`<${ConfirmButton}
            label="Reset the breaker"
            buttonClass="reset-breaker"
            question="Reset the breaker? Compactions are tried again at once and its failure count starts from zero."
            confirmLabel="Yes, reset"
            busy=${action.busy}
            onConfirm=${reset}
          />`
        : null
    }
    <${Notice} text=${action.done} /><${ErrorBox} error=${action.error} />
  </div>`;
}

const list = (items: string[], empty: string) =>
  items.length === 0
    ? html`<p class="empty">${empty}</p>`
    : html`<ul>${items.map((i) => html`<li><code>${i}</code></li>`)}</ul>`;

function SummaryInForce({ compactionId, version }: { compactionId: string | null; version: number }) {
  const loaded = useLoad(
    async (): Promise<Compaction | null> =>
      compactionId
        ? answered(molt().api.GET('/v1/compactions/{compactionId}', { params: { path: { compactionId } } }))
        : null,
    [compactionId, version],
  );
  const c = loaded.data;
  return html`<section class="panel summary">
    <h2>Summary in force</h2>
    <${ErrorBox} error=${loaded.error} />
    ${loaded.data === null ? html`<p class="empty">No compaction yet: the agent gets its whole transcript.</p>` : null}
    ${
      c
        ? html`<p><code>${c.id}</code> · seq ${c.fromSeq}–${c.toSeq} · ${num(c.summaryTokens)} tokens · <${Badge} text=${c.status} /></p>
          ${c.workingMemory?.task ? html`<p><strong>Task:</strong> ${c.workingMemory.task}</p>` : null}
          ${c.workingMemory?.state ? html`<p><strong>State:</strong> ${c.workingMemory.state}</p>` : null}
          ${c.verdict ? html`<p>verdict <${Badge} text=${c.verdict} />${c.cause ? html` <span class="error-text">${c.cause}</span>` : null}</p>` : null}
          ${
            // What the agent receives is the working memory carried across compactions, not this
            // compaction's own range (issue 32); rows from before the working memory show the range.
            c.workingMemory
              ? html`<h3>Open TODOs</h3>${list(c.workingMemory.todosOpen, 'None.')}
                <h3>Done</h3>${list(c.workingMemory.todosDone, 'None.')}
                <h3>Files modified</h3>${list(c.workingMemory.filesModified, 'None.')}
                <h3>Files read</h3>${list(c.workingMemory.filesRead, 'None.')}
                <h3>Tool failures</h3>
                ${
                  c.workingMemory.failures.length === 0
                    ? html`<p class="empty">None.</p>`
                    : html`<ul class="failures">${c.workingMemory.failures.map((f) => html`<li><code>${f.tool}</code>${f.meta ? html` <small>${f.meta}</small>` : null}: ${f.summary}${f.count > 1 ? ` (×${f.count})` : ''}</li>`)}</ul>`
                }`
              : html`<h3>TODOs</h3>
                ${
                  c.todos.length === 0
                    ? html`<p class="empty">No TODOs.</p>`
                    : html`<ul class="todos">${c.todos.map((t) => html`<li class=${t.status}><${Badge} text=${t.status} tone=${`todo-${t.status}`} /> ${t.text}</li>`)}</ul>`
                }
                <h3>Files modified</h3>${list(c.files.modified, 'None.')}
                <h3>Files read</h3>${list(c.files.read, 'None.')}
                <h3>Tool failures</h3>
                ${
                  c.toolFailures.length === 0
                    ? html`<p class="empty">None.</p>`
                    : html`<ul class="failures">${c.toolFailures.map((f) => html`<li><code>${f.toolName}</code>${f.meta ? html` <small>${f.meta}</small>` : null}: ${f.summary}</li>`)}</ul>`
                }`
          }
          <details><summary>The summary as the agent receives it</summary><pre class="summary-text">${c.summary ?? ''}</pre></details>`
        : null
    }
  </section>`;
}

function RecallExplain({ sessionId }: { sessionId: string }) {
  const [context, setContext] = useState<Context | undefined>(undefined);
  const action = useAction();
  const explain = () =>
    action.run(async () => {
      setContext(
        await answered(
          molt().api.GET('/v1/sessions/{sessionId}/context', {
            params: { path: { sessionId }, query: { explain: 'true' } },
          }),
        ),
      );
      return undefined;
    });
  const recall = context?.recall;
  return html`<section class="panel recall">
    <h2>Why these memories were recalled</h2>
    <p>Assembles the context the agent would get now and shows each memory over the recall threshold.</p>
    <button class="explain" disabled=${action.busy} onClick=${explain}>Explain the recall</button>
    <${ErrorBox} error=${action.error} />
    ${
      recall
        ? html`<div>
            ${recall.skipped ? html`<p class="notice">Recall skipped: ${recall.skipped}.</p>` : null}
            ${recall.query ? html`<p><strong>Query</strong> (the latest user messages): <q>${recall.query}</q></p>` : null}
            ${recall.retrieval ? html`<p>Ranking: ${recall.retrieval.mode}${recall.retrieval.reason ? ` (${recall.retrieval.reason})` : ''}</p>` : null}
            ${
              (recall.explain ?? []).length === 0
                ? html`<p class="empty">No memory reached the threshold.</p>`
                : html`<table class="explain-table">
                    <thead><tr><th>Memory</th><th>Type</th><th>Content</th><th>Score</th><th>Matched terms</th><th>Injected</th></tr></thead>
                    <tbody>${(recall.explain ?? []).map(
                      (m) => html`<tr>
                        <td>${memoryLink(m.id)}</td><td>${m.type}</td><td>${m.content}</td>
                        <td>${m.score}${m.cosine !== null ? html` <small>cos ${m.cosine}</small>` : null}</td>
                        <td>${m.matchedTerms.join(', ')}</td><td>${m.injected ? 'yes' : 'no (over the budget)'}</td>
                      </tr>`,
                    )}</tbody>
                  </table>`
            }
          </div>`
        : null
    }
  </section>`;
}

const EXTRACTIONS_PAGE = 20;

function Extractions({ sessionId, version }: { sessionId: string; version: number }) {
  const loaded = usePaged(
    (cursor) =>
      answered(
        molt().api.GET('/v1/memory-extractions', {
          params: { query: { sessionId, limit: EXTRACTIONS_PAGE, ...(cursor ? { cursor } : {}) } },
        }),
      ),
    [sessionId],
  );
  useEffect(() => {
    if (version > 0) loaded.reload();
  }, [version]);
  const items = loaded.data?.items ?? [];
  return html`<section class="panel extractions">
    <h2>Memory extractions</h2>
    <${ErrorBox} error=${loaded.error} />
    ${loaded.data && items.length === 0 ? html`<p class="empty">None yet.</p>` : null}
    <ul>${items.map(
      (e) =>
        html`<li key=${e.id}>${extractionLink(e.id, `seq ${e.fromSeq}–${e.toSeq}`)} <${Badge} text=${e.status} /> ${e.trigger} · ${when(e.startedAt)}</li>`,
    )}</ul>
    ${items.length > 0 ? html`<${Pager} label="extractions" pageSize=${EXTRACTIONS_PAGE} paged=${loaded} />` : null}
  </section>`;
}

export function SessionPage({ sessionId, seq }: { sessionId: string; seq: number | undefined }) {
  const [version, setVersion] = useState(0);
  const [limit, setLimit] = useState(TIMELINE_LIMIT);
  const refresh = () => setVersion((v) => v + 1);
  const loaded = useLoad(() => molt().getSession(sessionId), [sessionId, version]);
  const s = loaded.data;
  const missing = loaded.status === 404;
  const timeline = useLoad(
    () => (s ? loadTimeline(sessionId, limit) : Promise.resolve(undefined)),
    [sessionId, version, limit, s === undefined],
  );
  const live = useLive(refresh, s !== undefined && !missing);
  if (missing || (!s && loaded.error)) {
    // One clear answer, nothing to act on: no panel, no button, no polling.
    return html`<section class="session missing">
      <p class="crumbs"><a href="#/sessions">Sessions</a> ›</p>
      <h1><code>${sessionId}</code></h1>
      <${ErrorBox} error=${missing ? `No session ${sessionId} in this tenant (404).` : loaded.error} />
    </section>`;
  }
  if (!s) return html`<p class="loading">Loading session…</p>`;
  const older =
    limit < TIMELINE_MAX_LIMIT ? () => setLimit(Math.min(limit * 2, TIMELINE_MAX_LIMIT)) : undefined;
  return html`<section class="session">
    <p class="crumbs"><a href="#/sessions">Sessions</a> ›</p>
    <h1><code>${sessionId}</code> <${LiveBadge} live=${live} /></h1>
    <button class="refresh" onClick=${refresh}>Refresh</button>
    <${ErrorBox} error=${loaded.error} />
    <div class="overview">
      <div class="panel">
        <h2>Live context</h2>
        <${FillBar} ...${s} />
        <p>seq ${s.lastSeq} stored · boundary ${s.boundarySeq} · ${num(s.transcript.messages)} messages, ${num(s.transcript.tokens)} tokens in all
        · compactions ${s.compactions.total} (${s.compactions.failed} failed, ${s.compactions.degraded} degraded)</p>
        <p>User: ${s.userId ? html`<a href=${route(['memories'], { userId: s.userId })}>${s.userId}</a>` : '—'}
        ${' · '}Agent: ${s.agentId ? html`<a href=${route(['memories'], { agentId: s.agentId })}>${s.agentId}</a>` : '—'}</p>
      </div>
      <${BreakerPanel} session=${s} onChange=${refresh} />
    </div>
    <section class="panel fill-over-time">
      <h2>Fill over time</h2>
      ${
        timeline.data
          ? html`<${FillChart}
              items=${timeline.data.items}
              liveTokens=${s.liveTokens}
              contextWindowTokens=${s.contextWindowTokens}
              thresholds=${s.thresholds}
            />`
          : html`<p class="loading">Loading…</p>`
      }
    </section>
    <${SummaryInForce} compactionId=${s.summary?.compactionId ?? null} version=${version} />
    <${TimelineView} data=${timeline.data} error=${timeline.error} seq=${seq} onChange=${refresh} onOlder=${older} />
    <${Extractions} sessionId=${sessionId} version=${version} />
    <${ContextView} sessionId=${sessionId} contextWindowTokens=${s.contextWindowTokens} />
    <${RecallExplain} sessionId=${sessionId} />
    <${HistoryPanel} sessionId=${sessionId} />
  </section>`;
}
