/**
 * History turn limit (docs/engine-rules.md#history-limit): keep only the last `limit` user turns. The cut always
 * lands on a user message, so a user → assistant → tool-result exchange is never split; the
 * pairing repair (docs/engine-rules.md#tool-pairing) still runs afterwards for transcripts that were already broken.
 */
import type { Message } from './messages.js';

/**
 * Keep the last `limit` user turns and everything after the oldest of them. A missing, zero or
 * negative limit (or an empty transcript) returns the same array; a fractional limit is floored.
 */
export function limitHistoryTurns(messages: Message[], limit?: number | null): Message[] {
  const turns = typeof limit === 'number' && Number.isFinite(limit) ? Math.floor(limit) : 0;
  if (turns <= 0 || messages.length === 0) return messages;
  let userCount = 0;
  let oldestCountedUser = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role !== 'user') continue;
    userCount++;
    if (userCount > turns) return messages.slice(oldestCountedUser);
    oldestCountedUser = i;
  }
  return messages;
}
