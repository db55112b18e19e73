/**
 * What molt saw of each file in a stretch of transcript: every successful read, edit or write of
 * one path, with the text that showed the file's content. Files are recognised from tool calls as
 * the digest does (digest/files.ts); a call counts only once its result is in and is not an error.
 */
import { isRecord } from '../blocks.js';
import { type FileOperation, fileOperationOf } from '../digest/files.js';
import { messageText, toolCallsOf } from '../digest/message-text.js';
import type { Message } from '../messages.js';

/** A message with the seq it is stored at. */
export interface SeqMessage {
  seq: number;
  body: Message;
}

export interface FileSighting {
  path: string;
  operation: FileOperation;
  /** The seq of the result that completed the operation. */
  seq: number;
  /** The file content the operation showed ('' when it cannot be told apart, e.g. a call naming several files). */
  text: string;
}

/** Argument names that carry a written file's whole content. */
const WRITTEN_CONTENT_KEYS = ['content', 'file_text', 'contents', 'text'];
/** Argument names that carry an edit's replacement text. */
const REPLACEMENT_KEYS = ['new_string', 'newString', 'new_str', 'newText', 'new_text'];

export const EDIT_REPLACEMENT_LABEL = '\n[the text this edit put in]\n';

function firstString(args: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function contentOf(operation: FileOperation, args: Record<string, unknown>, resultText: string): string {
  if (operation === 'write') return firstString(args, WRITTEN_CONTENT_KEYS) ?? resultText;
  if (operation === 'edit') {
    const replacement = firstString(args, REPLACEMENT_KEYS);
    if (replacement && !resultText.includes(replacement)) {
      return resultText ? `${resultText}${EDIT_REPLACEMENT_LABEL}${replacement}` : replacement;
    }
  }
  return resultText;
}

interface PendingCall {
  operation: FileOperation;
  paths: string[];
  args: Record<string, unknown>;
}

export interface SightingScan {
  /** Successful file operations, in transcript order. */
  sightings: FileSighting[];
  /** Calls whose result has not come yet, by id (the result may sit after the boundary). */
  pending: Map<string, PendingCall>;
}

/** Every successful file operation in `messages` (ordered by seq). */
export function scanFileSightings(messages: readonly SeqMessage[]): SightingScan {
  const pending = new Map<string, PendingCall>();
  const sightings: FileSighting[] = [];
  for (const { seq, body } of messages) {
    if (!isRecord(body)) continue;
    for (const call of toolCallsOf(body)) {
      const op = fileOperationOf(call);
      if (op && op.paths.length > 0) pending.set(call.id, { ...op, args: call.arguments });
    }
    if (body.role !== 'toolResult' || typeof body.toolCallId !== 'string') continue;
    const call = pending.get(body.toolCallId);
    if (!call) continue;
    pending.delete(body.toolCallId);
    if (body.isError === true) continue;
    // A result naming several files cannot be attributed to one of them.
    const text = call.paths.length === 1 ? contentOf(call.operation, call.args, messageText(body)) : '';
    for (const path of call.paths) sightings.push({ path, operation: call.operation, seq, text });
  }
  return { sightings, pending };
}

/**
 * Paths whose content is newer after the boundary: a file operation in the live messages that did
 * not fail, or the live result of a call made before the boundary.
 */
export function livePaths(
  live: readonly Message[],
  pendingBeforeBoundary: ReadonlyMap<string, PendingCall>,
): Set<string> {
  const paths = new Set<string>();
  const failed = new Set<string>();
  for (const message of live) {
    if (isRecord(message) && message.role === 'toolResult' && message.isError === true) {
      if (typeof message.toolCallId === 'string') failed.add(message.toolCallId);
    }
  }
  for (const message of live) {
    if (!isRecord(message)) continue;
    for (const call of toolCallsOf(message)) {
      if (failed.has(call.id)) continue;
      for (const path of fileOperationOf(call)?.paths ?? []) paths.add(path);
    }
    if (message.role === 'toolResult' && typeof message.toolCallId === 'string') {
      const call = pendingBeforeBoundary.get(message.toolCallId);
      if (call && message.isError !== true) for (const path of call.paths) paths.add(path);
    }
  }
  return paths;
}
