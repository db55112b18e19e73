/**
 * Tool call / result pairing (docs/engine-rules.md#tool-pairing). Providers reject a transcript where an
 * assistant's tool call is not followed directly by its result, or where a result has no call:
 * session files end up that way after crashes, resumes and displaced user turns. These functions
 * repair such transcripts deterministically (no clock: a synthetic result borrows the assistant's
 * timestamp) and return the same array when there is nothing to repair.
 */
import {
  blocksOf,
  isRecord,
  isToolCallBlock,
  type ToolCallRef,
  toolCallArguments,
  toolCallOf,
  type UnknownRecord,
} from './blocks.js';
import type { AssistantMessage, Message, ToolResultMessage } from './messages.js';

export { TOOL_CALL_BLOCK_TYPES, type ToolCallRef } from './blocks.js';

/** The text of a synthetic result inserted for a call whose result is missing. */
export const MISSING_TOOL_RESULT_TEXT =
  '[molt] missing tool result in session history; inserted synthetic error result for transcript repair.';

/** Provider limit on tool names (Anthropic and OpenAI both cap at 64). */
export const TOOL_CALL_NAME_MAX_CHARS = 64;
const TOOL_CALL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** True when an assistant's calls will never get results (the turn failed or was cut off). */
export function isFailedAssistant(message: Message): boolean {
  const stopReason: unknown = message.stopReason;
  return stopReason === 'error' || stopReason === 'aborted';
}

/** The tool calls of an assistant message, in block order: call blocks with a non-empty id. */
export function extractToolCalls(message: Message | null | undefined): ToolCallRef[] {
  if (!isRecord(message) || message.role !== 'assistant') return [];
  let calls: ToolCallRef[] | undefined;
  for (const block of blocksOf(message.content)) {
    const call = toolCallOf(block);
    if (!call) continue;
    calls ??= [];
    calls.push(call);
  }
  return calls ?? [];
}

/** A tool result's call id: `toolCallId`, falling back to `toolUseId`; undefined when neither. */
export function toolResultIdOf(message: Message | null | undefined): string | undefined {
  if (!isRecord(message) || message.role !== 'toolResult') return undefined;
  const record: UnknownRecord = message;
  if (typeof record.toolCallId === 'string' && record.toolCallId.length > 0) return record.toolCallId;
  if (typeof record.toolUseId === 'string' && record.toolUseId.length > 0) return record.toolUseId;
  return undefined;
}

export type ToolUseRepairReport = {
  messages: Message[];
  /** The synthetic error results inserted for calls whose result was missing. */
  added: ToolResultMessage[];
  droppedDuplicateCount: number;
  droppedOrphanCount: number;
  /** True when a result was moved (to sit directly after its call) or reordered into call order. */
  moved: boolean;
};

function syntheticResult(call: ToolCallRef, assistant: AssistantMessage): ToolResultMessage {
  const result: ToolResultMessage = {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name?.trim() || 'unknown',
    content: [{ type: 'text', text: MISSING_TOOL_RESULT_TEXT }],
    isError: true,
  };
  if (typeof assistant.timestamp === 'number') result.timestamp = assistant.timestamp;
  return result;
}

/** A result without a tool name borrows its call's, so filters and adapters can see it. */
function withToolName(result: ToolResultMessage, call: ToolCallRef): ToolResultMessage {
  const current: unknown = result.toolName;
  if (typeof current === 'string' && current.trim().length > 0) return result;
  const name = call.name?.trim();
  if (!name) return result;
  return { ...result, toolName: name };
}

/**
 * Put every tool result directly after the assistant that called it, in call order; insert a
 * synthetic error result for a missing one; drop orphans (results with no call in their span) and
 * duplicates (a repeated id within a span; the first wins). An assistant that stopped with
 * "error" or "aborted" gets no synthetic results, and results after it are orphans.
 *
 * molt: duplicates are judged within the calling assistant's span. OpenClaw kept one set of seen
 * ids for the whole transcript, so a provider that reuses ids across turns (`call_0` every turn)
 * lost the later turn's result and its synthetic replacement, leaving the call unpaired.
 */
export function repairToolUseResultPairing(messages: Message[]): ToolUseRepairReport {
  const out: Message[] = [];
  const added: ToolResultMessage[] = [];
  let droppedDuplicateCount = 0;
  let droppedOrphanCount = 0;
  let moved = false;
  let changed = false;

  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const role = isRecord(message) ? message.role : undefined;
    if (role === 'toolResult') {
      droppedOrphanCount++;
      changed = true;
      continue;
    }
    if (role !== 'assistant' || isFailedAssistant(message)) {
      out.push(message);
      continue;
    }
    const calls = extractToolCalls(message);
    if (calls.length === 0) {
      out.push(message);
      continue;
    }

    const callsById = new Map<string, ToolCallRef>();
    for (const call of calls) if (!callsById.has(call.id)) callsById.set(call.id, call);
    const found = new Map<string, { result: ToolResultMessage; index: number }>();
    const keptAside: { message: Message; index: number }[] = [];
    let j = i + 1;
    for (; j < messages.length; j++) {
      const next = messages[j] as Message;
      const nextRole = isRecord(next) ? next.role : undefined;
      if (nextRole === 'assistant') break;
      if (nextRole !== 'toolResult') {
        keptAside.push({ message: next, index: j });
        continue;
      }
      const id = toolResultIdOf(next);
      const call = id === undefined ? undefined : callsById.get(id);
      if (id === undefined || call === undefined) {
        droppedOrphanCount++;
        changed = true;
      } else if (found.has(id)) {
        droppedDuplicateCount++;
        changed = true;
      } else {
        const named = withToolName(next as ToolResultMessage, call);
        if (named !== next) changed = true;
        found.set(id, { result: named, index: j });
      }
    }

    out.push(message);
    // Emitted in call order, then the kept-aside messages; anything emitted before a message that
    // preceded it in the input was moved.
    let lastIndex = i;
    for (const call of callsById.values()) {
      const hit = found.get(call.id);
      if (hit) {
        if (hit.index < lastIndex) moved = true;
        lastIndex = hit.index;
        out.push(hit.result);
      } else {
        const synthetic = syntheticResult(call, message as AssistantMessage);
        added.push(synthetic);
        out.push(synthetic);
        changed = true;
      }
    }
    for (const aside of keptAside) {
      if (aside.index < lastIndex) moved = true;
      lastIndex = aside.index;
      out.push(aside.message);
    }
    if (moved) changed = true;
    i = j - 1;
  }

  return {
    messages: changed ? out : messages,
    added,
    droppedDuplicateCount,
    droppedOrphanCount,
    moved,
  };
}

function normalizeAllowedToolNames(names: Iterable<string> | undefined): Set<string> | null {
  if (!names) return null;
  const normalized = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const trimmed = name.trim().toLowerCase();
    if (trimmed) normalized.add(trimmed);
  }
  return normalized.size > 0 ? normalized : null;
}

/** The trimmed name of a call block a provider would accept; undefined when it would reject it. */
function acceptedCallName(block: UnknownRecord, allowed: Set<string> | null): string | undefined {
  const args = toolCallArguments(block);
  if (args === undefined || args === null) return undefined;
  if (typeof block.id !== 'string' || block.id.trim().length === 0) return undefined;
  if (typeof block.name !== 'string') return undefined;
  const name = block.name.trim();
  if (!name || name.length > TOOL_CALL_NAME_MAX_CHARS || !TOOL_CALL_NAME_PATTERN.test(name)) return undefined;
  return allowed === null || allowed.has(name.toLowerCase()) ? name : undefined;
}

/**
 * Drop tool-call blocks a provider would reject: no arguments, a blank id, or a name that is
 * blank, longer than 64 chars, not `^[A-Za-z0-9_-]+$`, or not on `allowedToolNames` (compared
 * trimmed and case-insensitively). Names are trimmed; an assistant left with no blocks is dropped.
 * Returns the same array when nothing changes. Run the pairing repair afterwards: results of
 * dropped calls become orphans.
 */
export function sanitizeToolCallInputs(
  messages: Message[],
  options: { allowedToolNames?: Iterable<string> } = {},
): Message[] {
  const allowed = normalizeAllowedToolNames(options.allowedToolNames);
  let out: Message[] | null = null;

  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const content = isRecord(message) && message.role === 'assistant' ? blocksOf(message.content) : [];
    let nextContent: unknown[] | null = null;
    let dropped = 0;
    for (let b = 0; b < content.length; b++) {
      const block = content[b];
      let replacement: unknown = block;
      if (isToolCallBlock(block)) {
        const name = acceptedCallName(block, allowed);
        if (name === undefined) {
          replacement = undefined;
          dropped++;
        } else if (name !== block.name) {
          replacement = { ...block, name };
        }
      }
      if (replacement !== block && nextContent === null) nextContent = content.slice(0, b);
      if (nextContent !== null && replacement !== undefined) nextContent.push(replacement);
    }
    if (nextContent === null) {
      if (out) out.push(message);
      continue;
    }
    out ??= messages.slice(0, i);
    if (dropped > 0 && nextContent.length === 0) continue;
    out.push({ ...(message as AssistantMessage), content: nextContent as AssistantMessage['content'] });
  }
  return out ?? messages;
}
