/**
 * OpenClaw's `AgentMessage` ↔ molt's canonical messages. molt's canonical format *is* OpenClaw's
 * shape for user, assistant and toolResult messages; OpenClaw's other roles (its own summaries,
 * custom entries) are not part of the transcript molt keeps.
 */
import type { TokenCounter } from '../../../context/tokens/index.js';

export interface AgentMessageLike {
  role: string;
  [key: string]: unknown;
}

const TRANSCRIPT_ROLES = new Set(['user', 'assistant', 'toolResult']);

/** The messages molt stores for a turn, and how many OpenClaw-only entries were left out. */
export function toMoltMessages(messages: readonly unknown[]): {
  messages: AgentMessageLike[];
  skipped: number;
} {
  const kept = messages.filter(
    (message): message is AgentMessageLike =>
      typeof message === 'object' &&
      message !== null &&
      TRANSCRIPT_ROLES.has((message as AgentMessageLike).role),
  );
  return { messages: kept, skipped: messages.length - kept.length };
}

/**
 * molt's assembled context as OpenClaw messages: when a summary is in force, molt's continuation
 * message (always first) becomes OpenClaw's `compactionSummary`, which OpenClaw renders to the
 * model as a summary block.
 */
export function fromMoltContext(context: {
  messages: unknown[];
  summary: { text: string } | null;
  estimatedTokens: number;
}): AgentMessageLike[] {
  const messages = context.messages as AgentMessageLike[];
  if (!context.summary) return messages;
  const [, ...rest] = messages;
  const summary: AgentMessageLike = {
    role: 'compactionSummary',
    summary: context.summary.text,
    tokensBefore: context.estimatedTokens,
    timestamp: Date.now(),
  };
  return [summary, ...rest];
}

/** A rough size for messages molt never saw (4 characters a token, molt's default estimate). */
export function roughTokens(messages: readonly unknown[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

/** `roughTokens` as a counter for context/assemble.ts: each message as the plugin measures it. */
export const roughCounter: TokenCounter = {
  mode: 'estimate',
  textTokens: (text) => Math.ceil(text.length / 4),
  messageTokens: (message) => roughTokens([message]),
  messagesTokens: (messages) => messages.reduce((sum, message) => sum + roughTokens([message]), 0),
};

/** A short fingerprint of a JSON value (its length and FNV-1a hash), equal for equal values. */
export function fingerprint(value: unknown): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(value) ?? '';
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}-${hash.toString(16)}`;
}
