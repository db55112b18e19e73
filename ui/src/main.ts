/**
 * The operator console (docs/console.md): asks for an operator key (kept in sessionStorage),
 * checks it against the API, then routes by the URL's hash to the sessions, a session, the
 * memories, a memory or an extraction. Every page reads and acts through the typed client.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { answered } from '../../client/index.js';
import { errorMessage, forgetKey, MoltApiError, molt, saveKey, storedKey } from './api.js';
import { ExtractionPage } from './extraction.js';
import { KeysPage } from './keys.js';
import { MemoriesPage } from './memories.js';
import { MemoryPage } from './memory.js';
import { SessionPage } from './session.js';
import { SessionsPage } from './sessions.js';
import { html } from './ui.js';

type Access = { state: 'checking' } | { state: 'ok'; open: boolean } | { state: 'key'; message?: string };

/** Whether the stored key (or none: an API still open) may use the operator routes. */
async function checkAccess(): Promise<Access> {
  try {
    await answered(molt().api.GET('/v1/sessions', { params: { query: { limit: 1 } } }));
    return { state: 'ok', open: storedKey() === null };
  } catch (error) {
    if (error instanceof MoltApiError && error.status === 401) {
      const had = storedKey() !== null;
      forgetKey();
      return { state: 'key', ...(had ? { message: `That key was refused: ${error.message}.` } : {}) };
    }
    if (error instanceof MoltApiError && error.status === 403) {
      forgetKey();
      return {
        state: 'key',
        message: 'That is an agent key. The console needs an operator key: molt keys create --role operator.',
      };
    }
    return { state: 'key', message: `molt did not answer: ${errorMessage(error)}` };
  }
}

function KeyForm({ message, onKey }: { message: string | undefined; onKey: () => void }) {
  const [key, setKey] = useState('');
  return html`<section class="key-form">
    <h1>molt console</h1>
    <p>Sign in with an <strong>operator</strong> API key. It stays in this tab (sessionStorage) and is sent as a bearer token to this molt only.</p>
    <form onSubmit=${(e: Event) => {
      e.preventDefault();
      if (!key.trim()) return;
      saveKey(key.trim());
      onKey();
    }}>
      <label>Operator key <input name="key" type="password" autocomplete="off" value=${key} onInput=${(e: Event) => setKey((e.target as HTMLInputElement).value)} /></label>
      <button type="submit">Open the console</button>
    </form>
    ${message ? html`<p class="error" role="alert">${message}</p>` : null}
  </section>`;
}

interface Route {
  path: string[];
  query: URLSearchParams;
}

function currentRoute(): Route {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = hash.split('?');
  return {
    path: path.split('/').filter(Boolean).map(decodeURIComponent),
    query: new URLSearchParams(search),
  };
}

function Page({ route }: { route: Route }) {
  const [section, id] = route.path;
  const seq = route.query.get('seq');
  if (section === 'sessions' && id) {
    return html`<${SessionPage} key=${id} sessionId=${id} seq=${seq ? Number(seq) : undefined} />`;
  }
  if (section === 'memories' && id) return html`<${MemoryPage} key=${id} memoryId=${id} />`;
  if (section === 'memories') {
    const initial = { userId: route.query.get('userId') ?? '', agentId: route.query.get('agentId') ?? '' };
    return html`<${MemoriesPage} key=${route.query.toString()} initial=${initial} />`;
  }
  if (section === 'extractions' && id) return html`<${ExtractionPage} key=${id} extractionId=${id} />`;
  if (section === 'keys') return html`<${KeysPage} />`;
  return html`<${SessionsPage} />`;
}

function App() {
  const [access, setAccess] = useState<Access>({ state: 'checking' });
  const [route, setRoute] = useState(currentRoute());
  const check = () => {
    setAccess({ state: 'checking' });
    checkAccess().then(setAccess);
  };
  useEffect(() => {
    check();
    const onHash = () => setRoute(currentRoute());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  if (access.state === 'checking') return html`<p class="loading">Checking access…</p>`;
  if (access.state === 'key') return html`<${KeyForm} message=${access.message} onKey=${check} />`;
  const signOut = () => {
    forgetKey();
    check();
  };
  return html`<div class="app">
    <header class="top">
      <span class="brand">molt</span>
      <nav>
        <a href="#/sessions" class=${route.path[0] !== 'memories' && route.path[0] !== 'keys' ? 'active' : ''}>Sessions</a>
        <a href="#/memories" class=${route.path[0] === 'memories' ? 'active' : ''}>Memories</a>
        <a href="#/keys" class=${route.path[0] === 'keys' ? 'active' : ''}>Keys</a>
        <a href="/docs/" target="_blank" rel="noopener">API docs</a>
      </nav>
      ${access.open ? html`<span class="open-mode">open API (no keys exist)</span>` : html`<button class="sign-out" onClick=${signOut}>Sign out</button>`}
    </header>
    <main><${Page} route=${route} /></main>
  </div>`;
}

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
