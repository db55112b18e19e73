/** One memory: its fields, provenance, supersession history, edit (PATCH) and forget (DELETE). */
import { useState } from 'preact/hooks';
import { answered } from '../../client/index.js';
import { molt } from './api.js';
import { type Memory, Provenance } from './memories.js';
import {
  Badge,
  contentOf,
  ErrorBox,
  extractionLink,
  html,
  memoryLink,
  route,
  useAction,
  useLoad,
  when,
} from './ui.js';

function Edit({ memory, onSaved }: { memory: Memory; onSaved: (id: string) => void }) {
  const [text, setText] = useState(memory.content);
  const action = useAction();
  const save = () =>
    action.run(async () => {
      const answer = await answered(
        molt().api.PATCH('/v1/memories/{memoryId}', {
          params: { path: { memoryId: memory.id } },
          body: { content: text },
        }),
      );
      onSaved(answer.memory.id);
      return undefined;
    });
  return html`<div class="panel edit">
    <h2>Edit</h2>
    <p>The edited text becomes a new memory that supersedes this one; this version stays in its history.</p>
    <textarea name="content" rows="3" value=${text} onInput=${(e: Event) => setText((e.target as HTMLTextAreaElement).value)}></textarea>
    <button class="save" disabled=${action.busy || text.trim() === '' || text === memory.content} onClick=${save}>Save</button>
    <${ErrorBox} error=${action.error} />
  </div>`;
}

function Forget({ memory, onForgotten }: { memory: Memory; onForgotten: () => void }) {
  const [armed, setArmed] = useState(false);
  const action = useAction();
  const forget = () =>
    action.run(async () => {
      await answered(
        molt().api.DELETE('/v1/memories/{memoryId}', { params: { path: { memoryId: memory.id } } }),
      );
      setArmed(false);
      onForgotten();
      return 'forgotten: it is no longer recalled';
    });
  return html`<div class="panel forget">
    ${
      armed
        ? html`<p>Forget this memory? It will no longer be recalled; its row stays for the history.</p>
          <button class="danger confirm-forget" disabled=${action.busy} onClick=${forget}>Yes, forget</button>
          <button onClick=${() => setArmed(false)}>Cancel</button>`
        : html`<button class="danger forget-memory" onClick=${() => setArmed(true)}>Forget…</button>`
    }
    <${ErrorBox} error=${action.error} />
  </div>`;
}

export function MemoryPage({ memoryId }: { memoryId: string }) {
  const loaded = useLoad(
    () => answered(molt().api.GET('/v1/memories/{memoryId}', { params: { path: { memoryId } } })),
    [memoryId],
  );
  const m = loaded.data;
  const scopeLink = m?.userId
    ? route(['memories'], { userId: m.userId })
    : m?.agentId
      ? route(['memories'], { agentId: m.agentId })
      : '#/memories';
  return html`<section class="memory">
    <p class="crumbs"><a href=${scopeLink}>Memories</a> ›</p>
    <h1><code>${memoryId}</code></h1>
    <${ErrorBox} error=${loaded.error} />
    ${
      m
        ? html`<div class="panel">
            <p class="memory-content">${m.content}</p>
            <p><${Badge} text=${m.status} /> ${m.type}${m.category ? ` · ${m.category}` : ''} · priority ${m.priority}
            ${m.key ? html` · key <code>${m.key}</code>` : null}</p>
            <p>${[m.userId ? `user ${m.userId}` : '', m.agentId ? `agent ${m.agentId}` : '', `recorded ${when(m.recordedAt)}`, m.validTo ? `valid until ${when(m.validTo)}` : ''].filter(Boolean).join(' · ')}</p>
            ${m.supersededBy ? html`<p class="notice">Superseded by ${memoryLink(m.supersededBy)} on ${when(m.supersededAt)}.</p>` : null}
            ${m.extractionId ? html`<p>Extracted by ${extractionLink(m.extractionId)}</p>` : null}
            <h2>Provenance</h2>
            <${Provenance} source=${m.source} />
          </div>
          <section class="panel history">
            <h2>History</h2>
            <ol class="events">${m.events.map(
              (e) => html`<li class=${`event ${e.kind}`}>
                <time>${when(e.createdAt)}</time> <strong>${e.kind}</strong>${e.reason ? html` — ${e.reason}` : null}
                ${e.extractionId ? html` · ${extractionLink(e.extractionId, 'extraction')}` : null}
                ${
                  e.before
                    ? html`<div class="diff"><del>${contentOf(e.before)}</del> → <ins>${contentOf(e.after)}</ins>
                        ${typeof (e.before as { id?: unknown }).id === 'string' ? html` (was ${memoryLink((e.before as { id: string }).id)})` : null}</div>`
                    : html`<div class="diff"><ins>${contentOf(e.after)}</ins></div>`
                }
              </li>`,
            )}</ol>
          </section>
          ${m.status === 'active' ? html`<${Edit} memory=${m} onSaved=${(id: string) => (location.hash = route(['memories', id]))} />` : null}
          ${m.status !== 'deleted' ? html`<${Forget} memory=${m} onForgotten=${loaded.reload} />` : null}`
        : null
    }
  </section>`;
}
