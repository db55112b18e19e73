/** The benches' figures (median, percentiles, rounding) and how they post a turn (molt's client). */
import { createMoltClient, type TurnBody } from '../client/index.js';

export type MoltClient = ReturnType<typeof createMoltClient>;

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** True when this module is the script node was started with (`npx tsx bench/x.bench.ts`). */

/** A client of the bench's API: molt's own typed client, no retries (a bench counts every answer). */
export function benchClient(baseUrl: string): MoltClient {
  return createMoltClient({ baseUrl, retries: 0, timeoutMs: 120_000 });
}

/** POST one turn through molt's client; resolves with the status and, for an error, its body. */
export async function postTurn(
  molt: MoltClient,
  sessionId: string,
  body: TurnBody,
): Promise<{ status: number; body: string }> {
  const { response, error } = await molt.api.POST('/v1/sessions/{sessionId}/turns', {
    params: { path: { sessionId } },
    body,
  });
  return { status: response.status, body: response.ok ? '' : JSON.stringify(error ?? null) };
}
