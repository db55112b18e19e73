/**
 * The memories of a user or an agent: type, status, the provenance quote linked to its turn, and
 * the erasure of a user's memories with its receipt (DELETE /v1/memories?userId=).
 */
import { useState } from 'preact/hooks';
import { type Answer, answered, type paths } from '../../client/index.js';
import { molt } from './api.js';
import { Badge, ErrorBox, html, memoryLink, Pager, sessionLink, useAction, usePaged, when } from './ui.js';

/** Memories a page. */
const PAGE = 50;

type MemoryQuery = NonNullable<paths['/v1/memories']['get']['parameters']['query']>;
export type Memory = Answer<'/v1/memories/{memoryId}', 'get', 200>;
type Receipt = Answer<'/v1/memories', 'delete', 200>;

export interface MemoryFilter {
  userId: string;
  agentId: string;
  status: '' | 'active' | 'superseded' | 'deleted';
  query: string;
}

/** Where a memory came from: the quoted message (linked to its turn), the agent's tool, or an operator. */
export function Provenance({ source }: { source: Memory['source'] }) {
  if ('quote' in source) {
    return html`<figure class="provenance">
      <blockquote>${source.quote}</blockquote>
      <figcaption>
        ${source.role ? `said by the ${source.role} · ` : ''}session ${sessionLink(source.sessionId, source.fromSeq)}${` · seq ${source.fromSeq}–${source.toSeq}`}
      </figcaption>
    </figure>`;
  }
  const by = source.kind === 'operator' ? 'edited by an operator' : 'committed by the agent (commit_memory)';
  return html`<span class="provenance">${by}${source.sessionId ? html` in ${sessionLink(source.sessionId)}` : null}</span>`;
}

function Erase({ userId, onErased }: { userId: string; onErased: () => void }) {
  const [armed, setArmed] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | undefined>(undefined);
  const action = useAction();
  const erase = () =>
    action.run(async () => {
      setReceipt(await answered(molt().api.DELETE('/v1/memories', { params: { query: { userId } } })));
      setArmed(false);
      onErased();
      return undefined;
    });
  return html`<div class="panel erase">
    ${
      armed
        ? html`<p>Erase every memory of user <code>${userId}</code>, their history and extractions? This cannot be undone.</p>
          <button class="danger confirm-erase" disabled=${action.busy} onClick=${erase}>Yes, erase</button>
          <button onClick=${() => setArmed(false)}>Cancel</button>`
        : html`<button class="danger" onClick=${() => setArmed(true)}>Erase the memories of user ${userId}…</button>`
    }
    <${ErrorBox} error=${action.error} />
    ${
      receipt
        ? html`<div class="receipt" role="status">
            <h3>Erasure receipt</h3>
            <p>User <code>${receipt.userId}</code>: ${`${receipt.memories} memories, ${receipt.events} history events and ${receipt.extractions} extractions erased.`}</p>
          </div>`
        : null
    }
  </div>`;
}

export function MemoriesPage({ initial }: { initial: Partial<MemoryFilter> }) {
  const blank: MemoryFilter = { userId: '', agentId: '', status: 'active', query: '', ...initial };
  const [draft, setDraft] = useState<MemoryFilter>(blank);
  const [filter, setFilter] = useState<MemoryFilter>(blank);
  const loaded = usePaged(
    (cursor) => {
      const query: MemoryQuery = { limit: PAGE };
      if (filter.userId.trim()) query.userId = filter.userId.trim();
      if (filter.agentId.trim()) query.agentId = filter.agentId.trim();
      if (filter.status) query.status = filter.status;
      if (filter.query.trim()) query.query = filter.query.trim();
      if (cursor) query.cursor = cursor;
      return answered(molt().api.GET('/v1/memories', { params: { query } }));
    },
    [filter],
  );
  const field = (name: 'userId' | 'agentId' | 'query', label: string) =>
    html`<label>${label}<input name=${name} value=${draft[name]} onInput=${(e: Event) => setDraft({ ...draft, [name]: (e.target as HTMLInputElement).value })} /></label>`;
  const items = loaded.data?.items ?? [];
  return html`<section>
    <h1>Memories</h1>
    <form class="filters" role="search" onSubmit=${(e: Event) => {
      e.preventDefault();
      setFilter(draft);
    }}>
      ${field('userId', 'User')} ${field('agentId', 'Agent')} ${field('query', 'Text')}
      <label>Status
        <select name="status" value=${draft.status} onChange=${(e: Event) => {
          const next = { ...draft, status: (e.target as HTMLSelectElement).value as MemoryFilter['status'] };
          setDraft(next);
          setFilter(next);
        }}>
          <option value="active">active</option><option value="superseded">superseded</option>
          <option value="deleted">deleted</option><option value="">any</option>
        </select>
      </label>
      <button type="submit">Show</button>
    </form>
    <${ErrorBox} error=${loaded.error} />
    ${loaded.data && items.length === 0 ? html`<p class="empty">No memory matches.</p>` : null}
    ${items.length > 0 ? html`<${Pager} label="memories" pageSize=${PAGE} paged=${loaded} />` : null}
    ${
      items.length > 0
        ? html`<table class="memories">
            <thead><tr><th>Memory</th><th>Type</th><th>Status</th><th>Scope</th><th>Provenance</th><th>Recorded</th></tr></thead>
            <tbody>${items.map(
              (m) => html`<tr key=${m.id} data-memory=${m.id}>
                <td class="content">${memoryLink(m.id, m.content)}</td>
                <td>${m.type}</td><td><${Badge} text=${m.status} /></td>
                <td>${m.userId ? `user ${m.userId}` : ''}${m.userId && m.agentId ? ' · ' : ''}${m.agentId ? `agent ${m.agentId}` : ''}</td>
                <td><${Provenance} source=${m.source} /></td>
                <td>${when(m.recordedAt)}</td>
              </tr>`,
            )}</tbody>
          </table>`
        : null
    }
    ${filter.userId.trim() ? html`<${Erase} userId=${filter.userId.trim()} onErased=${loaded.reload} />` : null}
  </section>`;
}
