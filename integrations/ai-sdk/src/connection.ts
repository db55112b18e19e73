/** How the integration reaches molt: its typed client (client/), or a URL and key to make one. */
import { createMoltClient, type MoltClient } from '../../../client/index.js';

export interface MoltConnection {
  /** molt's typed client (client/); or `baseUrl` (+ `apiKey`) to make one. */
  client?: MoltClient;
  baseUrl?: string;
  apiKey?: string;
  /** Each call to molt, in ms (default 3 000): past it the caller's own prompt is used. */
  timeoutMs?: number;
}

export function clientOf(options: MoltConnection): MoltClient {
  if (options.client) return options.client;
  if (!options.baseUrl) throw new Error('molt: give `client` or `baseUrl`');
  return createMoltClient({
    baseUrl: options.baseUrl,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    timeoutMs: options.timeoutMs ?? 3_000,
    retries: 1,
  });
}
