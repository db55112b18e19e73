/**
 * One setting for slow machines: `MOLT_TEST_TIME_SCALE` (default 1) multiplies every deadline the
 * tests poll against and vitest's own test and hook timeouts. A deadline only bounds how long a
 * red test takes to say so; a green test never waits for it, so a generous scale costs nothing.
 */
const raw = process.env.MOLT_TEST_TIME_SCALE;
const parsed = raw === undefined || raw === '' ? 1 : Number(raw);
if (!Number.isFinite(parsed) || parsed < 1 || parsed > 100) {
  throw new Error(`MOLT_TEST_TIME_SCALE must be a number from 1 to 100 (got "${raw}")`);
}

export const TEST_TIME_SCALE = parsed;

/** A deadline in ms, scaled for this machine. */
export const scaled = (ms: number): number => Math.round(ms * TEST_TIME_SCALE);
