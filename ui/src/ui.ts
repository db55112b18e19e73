/** Shared pieces of the console's pages: loading, errors, links, numbers and dates. */
import { html } from 'htm/preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, MoltApiError } from './api.js';

export { html };

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  /** The HTTP status of the failure (404: not there), when molt answered one. */
  status: number | undefined;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change (and on `reload`), keeping the last answer while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(undefined);
        setStatus(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(errorMessage(failure));
        setStatus(failure instanceof MoltApiError && failure.status > 0 ? failure.status : undefined);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, status, loading, reload };
}

/** An action button's state: running, and the error or message it ended with. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await action());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, done, run };
}

export const ErrorBox = ({ error }: { error: string | undefined }) =>
  error ? html`<p class="error" role="alert">${error}</p>` : null;

export const Notice = ({ text }: { text: string | undefined }) =>
  text ? html`<p class="notice" role="status">${text}</p>` : null;

/** `#/path?query`: every link of the console is a hash route built from encoded ids. */
export function route(path: string[], query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `#/${path.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`;
}

export const sessionLink = (sessionId: string, seq?: number) =>
  html`<a href=${route(['sessions', sessionId], { seq })}>${sessionId}</a>`;

export const memoryLink = (memoryId: string, label?: string) =>
  html`<a href=${route(['memories', memoryId])}>${label ?? memoryId}</a>`;

export const extractionLink = (extractionId: string, label?: string) =>
  html`<a href=${route(['extractions', extractionId])}>${label ?? extractionId}</a>`;

export const num = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toLocaleString('en');

export const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)} UTC`;
}

export const Badge = ({ text, tone }: { text: string; tone?: string }) =>
  html`<span class=${`badge ${tone ?? text}`}>${text}</span>`;

/** Text of any JSON value a memory event carries: the memory's content when it is one. */
export function contentOf(value: unknown): string {
  if (value && typeof value === 'object' && 'content' in value)
    return String((value as { content: unknown }).content);
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/** A page of a keyset-paged list: its items, the cursor to the next page, and the list's total. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

/**
 * A list read page by page with molt's opaque cursors: the cursors of the pages before this one
 * are kept so Previous goes back. A change of `deps` (a new filter) starts again at page one.
 */
export function usePaged<T>(load: (cursor: string | undefined) => Promise<ListPage<T>>, deps: unknown[]) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const depsKey = JSON.stringify(deps);
  const seen = useRef(depsKey);
  const fresh = seen.current !== depsKey;
  if (fresh) seen.current = depsKey;
  const stack = fresh ? [undefined] : cursors;
  useEffect(() => {
    if (fresh) setCursors([undefined]);
  }, [depsKey]);
  const cursor = stack.at(-1);
  const loaded = useLoad(() => load(cursor), [depsKey, cursor]);
  return {
    ...loaded,
    pageIndex: stack.length - 1,
    next: () => {
      const nextCursor = loaded.data?.nextCursor;
      if (nextCursor) setCursors([...stack, nextCursor]);
    },
    previous: () => {
      if (stack.length > 1) setCursors(stack.slice(0, -1));
    },
  };
}

/**
 * Where a page sits in its list: "41–60 of 125" (or "of 10,000+" past the count's cap), with
 * Previous and Next. `pageSize` is the limit each page was asked for.
 */
export function Pager<T>({
  label,
  pageSize,
  paged,
}: {
  label: string;
  pageSize: number;
  /** The list as usePaged reads it: nothing is shown until its first page has loaded. */
  paged: ReturnType<typeof usePaged<T>>;
}) {
  const page = paged.data;
  if (!page) return null;
  const shown = page.items.length;
  const first = paged.pageIndex * pageSize + 1;
  const last = paged.pageIndex * pageSize + shown;
  const of = `${num(page.total)}${page.totalCapped ? '+' : ''}`;
  return html`<nav class="pager" aria-label=${`${label} pages`}>
    <span class="pager-range" data-total=${page.total}>${shown === 0 ? `0 of ${of}` : `${num(first)}–${num(last)} of ${of}`} ${label}</span>
    <button class="pager-previous" disabled=${paged.pageIndex === 0} onClick=${paged.previous}>Previous</button>
    <button class="pager-next" disabled=${page.nextCursor === null} onClick=${paged.next}>Next</button>
  </nav>`;
}

/**
 * A button whose action asks once more first: the question and "Yes, …" / "Cancel" replace the
 * button until answered. `busy` disables the confirmation while the action runs.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  buttonClass,
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  buttonClass?: string;
  busy?: boolean;
  onConfirm: () => void | Promise<void>;
}) {
  const [armed, setArmed] = useState(false);
  if (!armed) {
    return html`<button class=${buttonClass ?? ''} disabled=${busy} onClick=${() => setArmed(true)}>${label}</button>`;
  }
  return html`<span class="confirm" role="group" aria-label=${question}>
    <span class="confirm-question">${question}</span>
    <button
      class=${`confirm-yes ${buttonClass ?? ''}`}
      disabled=${busy}
      onClick=${async () => {
        setArmed(false);
        await onConfirm();
      }}
    >${confirmLabel}</button>
    <button class="confirm-cancel" onClick=${() => setArmed(false)}>Cancel</button>
  </span>`;
}
