/** The sessions page: search by id, filter by breaker state and user, each with its fill bar. */
import { useState } from 'preact/hooks';
import type { paths } from '../../client/index.js';
import { answered } from '../../client/index.js';
import { molt } from './api.js';
import { FillBar } from './fill-bar.js';
import { LiveBadge, useLive } from './live.js';
import { Badge, ErrorBox, html, num, Pager, route, sessionLink, usePaged, when } from './ui.js';

type SessionQuery = NonNullable<paths['/v1/sessions']['get']['parameters']['query']>;
type SessionPage = paths['/v1/sessions']['get']['responses'][200]['content']['application/json'];

interface Filter {
  q: string;
  userId: string;
  breaker: '' | 'open' | 'closed';
}

const PAGE = 50;

async function loadSessions(filter: Filter, cursor?: string): Promise<SessionPage> {
  const query: SessionQuery = { limit: PAGE };
  if (filter.q.trim()) query.q = filter.q.trim();
  if (filter.userId.trim()) query.userId = filter.userId.trim();
  if (filter.breaker) query.breaker = filter.breaker;
  if (cursor) query.cursor = cursor;
  return answered(molt().api.GET('/v1/sessions', { params: { query } }));
}

export function SessionsPage() {
  const [draft, setDraft] = useState<Filter>({ q: '', userId: '', breaker: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const page = usePaged((cursor) => loadSessions(filter, cursor), [filter]);
  const live = useLive(page.reload);

  const apply = (next: Filter) => {
    setDraft(next);
    setFilter(next);
  };
  const items = page.data?.items ?? [];
  const pager = html`<${Pager} label="sessions" pageSize=${PAGE} paged=${page} />`;

  return html`<section>
    <h1>Sessions <${LiveBadge} live=${live} /></h1>
    <form
      class="filters"
      role="search"
      onSubmit=${(event: Event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <label>Session id contains
        <input name="q" value=${draft.q} onInput=${(e: Event) => setDraft({ ...draft, q: (e.target as HTMLInputElement).value })} />
      </label>
      <label>User
        <input name="userId" value=${draft.userId} onInput=${(e: Event) => setDraft({ ...draft, userId: (e.target as HTMLInputElement).value })} />
      </label>
      <label>Breaker
        <select
          name="breaker"
          value=${draft.breaker}
          onChange=${(e: Event) => apply({ ...draft, breaker: (e.target as HTMLSelectElement).value as Filter['breaker'] })}
        >
          <option value="">any</option>
          <option value="open">open</option>
          <option value="closed">closed</option>
        </select>
      </label>
      <button type="submit">Search</button>
    </form>
    <${ErrorBox} error=${page.error} />
    ${page.loading && !page.data ? html`<p class="loading">Loading sessions…</p>` : null}
    ${page.data && items.length === 0 ? html`<p class="empty">No session matches.</p>` : null}
    ${items.length > 0 ? pager : null}
    ${
      items.length > 0
        ? html`<table class="sessions">
            <thead>
              <tr><th>Session</th><th>User</th><th>Agent</th><th>Live context</th><th>Breaker</th><th>Compactions</th><th>Created</th></tr>
            </thead>
            <tbody>
              ${items.map(
                (s) => html`<tr key=${s.sessionId} data-session=${s.sessionId}>
                  <td>${sessionLink(s.sessionId)}</td>
                  <td>${s.userId ? html`<a href=${route(['memories'], { userId: s.userId })}>${s.userId}</a>` : '—'}</td>
                  <td>${s.agentId ?? '—'}</td>
                  <td><${FillBar} ...${s} /></td>
                  <td><${Badge} text=${s.breaker.state} />${s.breaker.consecutiveFailures > 0 ? html` <small>${s.breaker.consecutiveFailures} failed</small>` : null}</td>
                  <td>${num(s.compactions.total)}${s.compactions.failed + s.compactions.degraded > 0 ? html` <small class="warn">(${s.compactions.failed} failed, ${s.compactions.degraded} degraded)</small>` : null}</td>
                  <td>${when(s.createdAt)}</td>
                </tr>`,
              )}
            </tbody>
          </table>`
        : null
    }
  </section>`;
}
