/** One memory extraction: its counts, error and diff (what it added, superseded, kept), and replay. */
import { answered } from '../../client/index.js';
import { molt } from './api.js';
import {
  Badge,
  ConfirmButton,
  contentOf,
  ErrorBox,
  extractionLink,
  html,
  memoryLink,
  Notice,
  sessionLink,
  useAction,
  useLoad,
  when,
} from './ui.js';

export function ExtractionPage({ extractionId }: { extractionId: string }) {
  const loaded = useLoad(
    () =>
      answered(
        molt().api.GET('/v1/memory-extractions/{extractionId}', { params: { path: { extractionId } } }),
      ),
    [extractionId],
  );
  const action = useAction();
  const x = loaded.data;
  const replay = () =>
    action.run(async () => {
      const answer = await answered(
        molt().api.POST('/v1/memory-extractions/{extractionId}/replay', {
          params: { path: { extractionId } },
        }),
      );
      return `replay started: ${answer.extraction.id}`;
    });
  return html`<section class="extraction">
    <p class="crumbs"><a href="#/sessions">Sessions</a> ›</p>
    <h1>Extraction</h1>
    <p><code>${extractionId}</code></p>
    <${ErrorBox} error=${loaded.error} />
    ${
      x
        ? html`<div class="panel">
            <p><${Badge} text=${x.status} /> ${x.trigger} · ${x.extractor} · session ${sessionLink(x.sessionId, x.fromSeq)} · seq ${x.fromSeq}–${x.toSeq}</p>
            <p>started ${when(x.startedAt)} · finished ${when(x.finishedAt)}</p>
            ${x.replayOf ? html`<p>Replays ${extractionLink(x.replayOf)}</p>` : null}
            ${x.counts ? html`<p>${x.counts.candidates} candidates: ${x.counts.added} added, ${x.counts.superseded} superseded, ${x.counts.duplicates} duplicates, ${x.counts.rejected} rejected</p>` : null}
            ${x.error ? html`<p class="error-text">${x.error}</p>` : null}
            ${
              x.status === 'failed'
                ? html`<${ConfirmButton}
                    label="Replay"
                    buttonClass="replay"
                    question=${`Replay extraction ${x.id} (seq ${x.fromSeq}–${x.toSeq})? A new attempt reads the range again and stores what it finds.`}
                    confirmLabel="Yes, replay"
                    busy=${action.busy}
                    onConfirm=${replay}
                  />`
                : null
            }
            <${Notice} text=${action.done} /><${ErrorBox} error=${action.error} />
          </div>
          <section class="panel">
            <h2>Diff</h2>
            ${x.diff.length === 0 ? html`<p class="empty">No change to the memories.</p>` : null}
            <ol class="events">${x.diff.map(
              (d) => html`<li class=${`event ${d.kind}`}>
                <strong>${d.kind}</strong> ${memoryLink(d.memoryId)}${d.reason ? html` — ${d.reason}` : null}
                <div class="diff">${d.before ? html`<del>${contentOf(d.before)}</del> → ` : null}<ins>${contentOf(d.after)}</ins></div>
              </li>`,
            )}</ol>
          </section>`
        : null
    }
  </section>`;
}
