/**
 * How full a session's context is: live tokens against the window, with a mark at the upload
 * threshold (50%: a compaction starts in the background) and the force threshold (70%: the range
 * leaves the live context at once). Colours change at each mark.
 */
import { html, num, pct } from './ui.js';

export interface FillBarProps {
  liveTokens: number;
  contextWindowTokens: number;
  thresholds: { upload: number; force: number };
}

export function FillBar({ liveTokens, contextWindowTokens, thresholds }: FillBarProps) {
  const ratio = contextWindowTokens > 0 ? liveTokens / contextWindowTokens : 0;
  const tone = ratio >= thresholds.force ? 'hot' : ratio >= thresholds.upload ? 'warm' : 'cool';
  const width = `${Math.min(100, Math.max(0, ratio * 100))}%`;
  const label = `${num(liveTokens)} / ${num(contextWindowTokens)} tokens (${pct(ratio)})`;
  return html`<div
    class=${`fill ${tone}`}
    role="meter"
    aria-valuemin="0"
    aria-valuemax=${contextWindowTokens}
    aria-valuenow=${liveTokens}
    aria-label=${label}
    title=${`${label}; compaction at ${pct(thresholds.upload)}, forced clean-up at ${pct(thresholds.force)}`}
  >
    <div class="fill-track">
      <div class="fill-level" style=${{ width }}></div>
      <div class="fill-mark upload" style=${{ left: pct(thresholds.upload) }}></div>
      <div class="fill-mark force" style=${{ left: pct(thresholds.force) }}></div>
    </div>
    <span class="fill-label">${label}</span>
  </div>`;
}
