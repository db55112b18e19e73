/** Shared pieces of the console's pages: loading, errors, links, numbers and dates. */
import { html } from 'htm/preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorMessage } from './api.js';

export { html };

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change (and on `reload`), keeping the last answer while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
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
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(errorMessage(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
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
