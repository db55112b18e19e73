/**
 * The keys page (`#/keys`, docs/console.md#keys): the tenant's API keys without their secrets,
 * a new key created through `POST /v1/keys` with its secret shown this once, and a revocation
 * (`DELETE /v1/keys/{id}`) that asks once more. A key created here works at once: molt needs no
 * restart.
 */
import { useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { molt } from './api.js';
import { Badge, ConfirmButton, ErrorBox, html, Notice, useAction, useLoad, when } from './ui.js';

type KeyList = Answer<'/v1/keys', 'get', 200>;
type Key = KeyList['items'][number];

/** POST /v1/keys's contract (issue 34 item 3): the listing, the tenant, and the key this once. */
export interface CreatedKey extends Key {
  tenantId: string;
  key: string;
}
interface CreateBody {
  role: 'agent' | 'operator';
  name?: string;
  agentId?: string;
}

/**
 * Creates a key through the typed client. Until client/openapi.d.ts carries `POST /v1/keys` (the
 * route lands with the keys API), its path is typed here by the route's contract.
 */
function createKey(body: CreateBody): Promise<CreatedKey> {
  const api = molt().api as unknown as {
    POST(
      path: '/v1/keys',
      init: { body: CreateBody },
    ): Promise<{ data?: CreatedKey; error?: unknown; response: Response }>;
  };
  return answered(api.POST('/v1/keys', { body }) as never) as Promise<CreatedKey>;
}

function NewKey({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const [role, setRole] = useState<'agent' | 'operator'>('agent');
  const [name, setName] = useState('');
  const [agentId, setAgentId] = useState('');
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    action.run(async () => {
      const created = await createKey({
        role,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(role === 'agent' && agentId.trim() ? { agentId: agentId.trim() } : {}),
      });
      setName('');
      setAgentId('');
      onCreated(created);
      return undefined;
    });
  };
  return html`<form class="panel new-key filters" onSubmit=${submit}>
    <h2>New key</h2>
    <label>Role
      <select name="role" value=${role} onChange=${(e: Event) => setRole((e.target as HTMLSelectElement).value as 'agent' | 'operator')}>
        <option value="agent">agent</option><option value="operator">operator</option>
      </select>
    </label>
    <label>Name <input name="name" value=${name} maxlength="200" onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)} /></label>
    ${
      role === 'agent'
        ? html`<label>Bound to agent <input name="agentId" value=${agentId} placeholder="any agent" onInput=${(e: Event) => setAgentId((e.target as HTMLInputElement).value)} /></label>`
        : null
    }
    <button type="submit" disabled=${action.busy}>Create the key</button>
    <${ErrorBox} error=${action.error} />
  </form>`;
}

/** The new key's secret, shown this once: molt keeps only its hash. */
function Secret({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return html`<div class="panel secret" role="alert">
    <h2>Key ${created.name || created.id} created</h2>
    <p>Copy it now: <strong>it is not shown again</strong> (molt keeps only its hash). It works at once.</p>
    <input class="secret-value" readonly value=${created.key} aria-label="The new key" onFocus=${(e: Event) => (e.target as HTMLInputElement).select()} />
    <p><small>${created.role} key${created.agentId ? ` bound to agent ${created.agentId}` : ''} of tenant <code>${created.tenantId}</code></small></p>
    <button class="secret-done" onClick=${onDone}>I have copied it</button>
  </div>`;
}

function Revoke({ item, onRevoked }: { item: Key; onRevoked: () => void }) {
  const action = useAction();
  const revoke = () =>
    action.run(async () => {
      await answered(molt().api.DELETE('/v1/keys/{keyId}', { params: { path: { keyId: item.id } } }));
      onRevoked();
      return 'revoked';
    });
  return html`<span class="action">
    <${ConfirmButton}
      label="Revoke…"
      buttonClass="danger revoke"
      question=${`Revoke key ${item.name || item.id}? Every request with it is refused from now on.`}
      confirmLabel="Yes, revoke"
      busy=${action.busy}
      onConfirm=${revoke}
    />
    <${Notice} text=${action.done} /><${ErrorBox} error=${action.error} />
  </span>`;
}

export function KeysPage() {
  const loaded = useLoad(() => answered(molt().api.GET('/v1/keys')), []);
  const [created, setCreated] = useState<CreatedKey | undefined>(undefined);
  const items = loaded.data?.items ?? [];
  const active = items.filter((k) => k.revokedAt === null).length;
  return html`<section class="keys">
    <h1>API keys</h1>
    <p>The keys of this tenant. An <strong>agent</strong> key reads and writes sessions and memories (only its agent's, when bound); an <strong>operator</strong> key also manages them and the keys.</p>
    ${
      created
        ? html`<${Secret} created=${created} onDone=${() => setCreated(undefined)} />`
        : html`<${NewKey}
            onCreated=${(key: CreatedKey) => {
              setCreated(key);
              loaded.reload();
            }}
          />`
    }
    <${ErrorBox} error=${loaded.error} />
    ${loaded.data ? html`<p class="totals">${items.length} key${items.length === 1 ? '' : 's'}, ${active} active</p>` : null}
    ${
      items.length > 0
        ? html`<table class="keys-table">
            <thead><tr><th>Name</th><th>Id</th><th>Role</th><th>Agent</th><th>Created</th><th>Status</th><th></th></tr></thead>
            <tbody>${items.map(
              (k) => html`<tr key=${k.id} data-key=${k.id}>
                <td>${k.name || '—'}</td><td><code>${k.id}</code></td><td>${k.role}</td><td>${k.agentId ?? 'any'}</td>
                <td>${when(k.createdAt)}</td>
                <td>${k.revokedAt ? html`<${Badge} text="revoked" tone="failed" /> <small>${when(k.revokedAt)}</small>` : html`<${Badge} text="active" tone="succeeded" />`}</td>
                <td>${k.revokedAt ? null : html`<${Revoke} item=${k} onRevoked=${loaded.reload} />`}</td>
              </tr>`,
            )}</tbody>
          </table>`
        : null
    }
  </section>`;
}
