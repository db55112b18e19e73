/**
 * The console's only way to molt: the typed client (client/), the same as the CLI's and the
 * plugin's, against the origin that served the page. The operator key lives in sessionStorage
 * (gone when the tab closes) and travels as `Authorization: Bearer …`.
 */
import { createMoltClient, MoltApiError, type MoltClient } from '../../client/index.js';

const KEY = 'molt.console.key';

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function saveKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY);
}

export function molt(): MoltClient {
  const apiKey = storedKey();
  return createMoltClient({
    baseUrl: location.origin,
    ...(apiKey ? { apiKey } : {}),
    timeoutMs: 30_000,
    retries: 1,
  });
}

/** An error as a person reads it: molt's status, code and message. */
export function errorMessage(error: unknown): string {
  if (error instanceof MoltApiError) {
    if (error.status === 0) return error.message;
    return `${error.status} ${error.code}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export { MoltApiError };
