/** How often a live page of the console reads its data again (docs/console.md#live-updates). */
export const LIVE_INTERVAL_MS = 3_000;
