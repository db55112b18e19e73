/**
 * The kept tail follows the room molt owns (docs/engine-rules.md#the-cut): a state gets the flag
 * once the workflow runs the patched code; a history recorded before replays without the marker
 * and keeps cutting with a share of the whole window, so it replays unchanged.
 */
import { patched } from '@temporalio/workflow';
import type { SessionState } from '../../context/session/index.js';
import { PATCHES } from '../patches.js';

export const KEEP_RECENT_OWNED_ROOM_PATCH = PATCHES.keepRecentOwnedRoom.id;

export function withKeepRecentOfOwnedRoom(state: SessionState): SessionState {
  if (state.keepRecentOfOwnedRoom !== undefined) return state;
  return patched(KEEP_RECENT_OWNED_ROOM_PATCH) ? { ...state, keepRecentOfOwnedRoom: true } : state;
}

/**
 * The breaker stops the LLM, never compaction (docs/engine-rules.md#circuit-breaker): a state gets
 * the flag once the workflow runs the patched code; histories recorded before replay without it.
 */
export const BREAKER_OFFLINE_FALLBACK_PATCH = PATCHES.breakerOfflineFallback.id;

export function withOfflineFallback(state: SessionState): SessionState {
  if (state.offlineFallback !== undefined) return state;
  return patched(BREAKER_OFFLINE_FALLBACK_PATCH) ? { ...state, offlineFallback: true } : state;
}
