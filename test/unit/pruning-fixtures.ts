import {
  type Message,
  type PruningSettings,
  pruneContextMessagesWithStats,
  resolvePruningSettings,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, toolResult, user } from './factories.js';

export const settings = resolvePruningSettings() as PruningSettings;

/** Three assistant turns: with keepLastAssistants 3 the cutoff is the first of them. */
export const protectedTail = (): Message[] => [
  assistant('a'),
  user('b'),
  assistant('c'),
  user('d'),
  assistant('e'),
];

/** user, then one exec call + result per text, then the protected tail. */
export function session(results: string[], head: Message[] = [user('start')]): Message[] {
  const middle = results.flatMap((content, i) => [
    assistantWithCalls([call('exec', {}, { id: `c${i}` })]),
    toolResult('exec', content, { id: `c${i}` }),
  ]);
  return [...head, ...middle, ...protectedTail()];
}

export function prune(
  messages: Message[],
  contextWindowTokens: number,
  overrides: Partial<PruningSettings> = {},
) {
  return pruneContextMessagesWithStats({
    messages,
    settings: { ...settings, ...overrides },
    contextWindowTokens,
  });
}
