/**
 * Live pages (docs/console.md#live-updates): a page that follows its data polls molt every
 * LIVE_INTERVAL_MS while the tab is visible, and says so with a badge. A hidden tab polls nothing
 * (Page Visibility API) and is refreshed at once when it is shown again.
 */
import { useEffect, useState } from 'preact/hooks';
import { LIVE_INTERVAL_MS } from './live-interval.js';
import { html } from './ui.js';

export { LIVE_INTERVAL_MS };

export interface Live {
  /** Polling now: the tab is visible and the page asked for it. */
  on: boolean;
  /** When the page last asked for fresh data. */
  lastTick: Date | null;
}

/**
 * Calls `tick` every `intervalMs` while `enabled` and the document is visible, and once at once
 * when the document becomes visible again.
 */
export function useLive(tick: () => void, enabled = true, intervalMs = LIVE_INTERVAL_MS): Live {
  const [visible, setVisible] = useState(document.visibilityState === 'visible');
  const [lastTick, setLastTick] = useState<Date | null>(null);
  useEffect(() => {
    const onChange = () => {
      const now = document.visibilityState === 'visible';
      setVisible(now);
      if (now && enabled) {
        tick();
        setLastTick(new Date());
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [enabled]);
  const on = enabled && visible;
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => {
      tick();
      setLastTick(new Date());
    }, intervalMs);
    return () => clearInterval(timer);
  }, [on, intervalMs]);
  return { on, lastTick };
}

/** "● Live" while polling, "Paused" (with why) when not. */
export function LiveBadge({ live }: { live: Live }) {
  const at = live.lastTick ? ` · checked ${live.lastTick.toISOString().slice(11, 19)} UTC` : '';
  return live.on
    ? html`<span class="live-badge on" role="status" title=${`Updates every ${LIVE_INTERVAL_MS / 1000} s while this tab is visible${at}`}>● Live</span>`
    : html`<span class="live-badge paused" role="status" title="Not updating while the tab is hidden">Paused</span>`;
}
