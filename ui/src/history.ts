/**
 * A session's Temporal history on demand (GET /v1/sessions/{id}/history): every run of its
 * workflow and of its compactions and extractions, one line an event — the overflow updates and
 * their recovery steps included, which the timeline's tables do not record. Each run links to the
 * Temporal Web UI when molt is told where it is (MOLT_TEMPORAL_UI_URL).
 */
import { useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { molt } from './api.js';
import { ErrorBox, html, useAction, when } from './ui.js';

type History = Answer<'/v1/sessions/{sessionId}/history', 'get', 200>;

export function HistoryPanel({ sessionId }: { sessionId: string }) {
  const [history, setHistory] = useState<History | undefined>(undefined);
  const action = useAction();
  const load = () =>
    action.run(async () => {
      setHistory(
        await answered(
          molt().api.GET('/v1/sessions/{sessionId}/history', { params: { path: { sessionId } } }),
        ),
      );
      return undefined;
    });
  return html`<section class="panel history-panel">
    <h2>Workflow history</h2>
    <p>The Temporal events of the session's runs, compactions and extractions.</p>
    <button class="show-history" disabled=${action.busy} onClick=${load}>Show the workflow history</button>
    <${ErrorBox} error=${action.error} />
    ${(history?.runs ?? []).map(
      (run) => html`<details class="run">
        <summary><code>${run.workflowId}</code>${` · ${run.status} · ${run.events.length} events`}${
          run.uiUrl
            ? html` · <a class="temporal-ui" href=${run.uiUrl} target="_blank" rel="noopener noreferrer">open in the Temporal UI</a>`
            : null
        }</summary>
        <ol class="events">${run.events.map(
          (e) => html`<li class="event"><time>${when(e.time)}</time> ${e.summary}</li>`,
        )}</ol>
      </details>`,
    )}
  </section>`;
}
