/**
 * The context `assemble` hands OpenClaw when molt is down or hung: the summary molt assembled last
 * for the session (kept.ts) and OpenClaw's messages after it or, with nothing kept (or a summary
 * that no longer fits OpenClaw's transcript), OpenClaw's own messages — pruned to the window by
 * molt's own assembly rule (context/assemble.ts: pairing repair, truncation of oversized tool
 * results, the oldest turns left out), measured with the plugin's estimate (`roughTokens`).
 * Never more than the window: when the newest turn does not fit beside the summary, the restored
 * files go, then the turn's oldest messages; the summary goes only when it alone is over.
 */
import { assembleContext } from '../../../context/assemble.js';
import type { Message } from '../../../context/messages.js';
import { repairToolUseResultPairing } from '../../../context/pairing.js';
import { boundaryIn, type KeptContext } from './kept.js';
import { type AgentMessageLike, roughCounter, toMoltMessages } from './messages.js';

export interface FallbackContext {
  messages: AgentMessageLike[];
  estimatedTokens: number;
  /** `kept-summary`: molt's last summary and the messages after it; `own-messages`: OpenClaw's. */
  source: 'kept-summary' | 'own-messages';
  /** Messages left out so that the context fits the window. */
  dropped: number;
}

const tokensOf = (messages: readonly AgentMessageLike[]) =>
  roughCounter.messagesTokens(messages as Message[]);

/** The longest suffix of `live` that fits `budget` with its pairing repaired (results without their call go). */
function newestThatFit(live: Message[], budget: number): Message[] {
  let kept = live;
  for (let start = 0; start <= live.length; start++) {
    kept = repairToolUseResultPairing(live.slice(start)).messages;
    if (roughCounter.messagesTokens(kept) <= budget) return kept;
  }
  return [];
}

/**
 * The context for OpenClaw's `messages` from `kept` (when it still fits them), at most `window`
 * tokens.
 */
export function fallbackContext(input: {
  messages: readonly unknown[];
  kept: KeptContext | undefined;
  window: number | undefined;
}): FallbackContext {
  const own = toMoltMessages(input.messages).messages;
  const boundary = input.kept ? boundaryIn(input.kept, own) : null;
  let prefix: AgentMessageLike[];
  let live: AgentMessageLike[];
  if (input.kept && boundary !== null) {
    prefix = input.kept.prefix;
    live = own.slice(boundary);
  } else {
    // OpenClaw's own summary of an earlier compaction leads its messages: kept first, as molt's is.
    const lead = input.messages.findIndex((m) => toMoltMessages([m]).messages.length > 0);
    prefix = (lead < 0 ? [] : input.messages.slice(0, lead)) as AgentMessageLike[];
    live = own;
  }
  const source = input.kept && boundary !== null ? 'kept-summary' : 'own-messages';
  if (input.window === undefined) {
    // Nothing to fit to: the summary and the messages after it, or OpenClaw's messages as they are.
    const messages =
      source === 'kept-summary' ? [...prefix, ...live] : (input.messages as AgentMessageLike[]);
    return { messages, estimatedTokens: tokensOf(messages), source, dropped: 0 };
  }
  const assembled = assembleContext({
    messages: live as Message[],
    prefix: prefix as Message[],
    contextWindowTokens: input.window,
    pruning: null,
    now: Date.now(),
    tokenCounter: roughCounter,
  });
  let head = prefix;
  let rest = assembled.messages.slice(prefix.length) as AgentMessageLike[];
  if (assembled.fitted.overWindow) {
    // The newest turn (from its user message) does not fit beside the summary blocks: the restored
    // files go first, then the turn's oldest messages, and the summary only when it alone is over.
    if (head.length > 1) head = head.slice(0, 1);
    if (tokensOf(head) > input.window) head = [];
    rest = newestThatFit(rest as Message[], input.window - tokensOf(head)) as AgentMessageLike[];
  }
  const messages = [...head, ...rest];
  return {
    messages,
    estimatedTokens: tokensOf(messages),
    source,
    dropped: Math.max(0, live.length - rest.length),
  };
}
