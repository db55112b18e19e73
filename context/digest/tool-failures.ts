/**
 * Tool failures of a compacted range (docs/engine-rules.md#the-summary), so the agent does not repeat a call that
 * already failed. From OpenClaw's compaction-safeguard: results with `isError`, one per call id.
 */

import type { Message } from '../messages.js';
import { inertLine } from '../prompt-data.js';
import { capText, collapseWhitespace, messageText } from './message-text.js';

/** A failure's summary is cut to this many chars, then `...` (OpenClaw's MAX_TOOL_FAILURE_CHARS). */
export const MAX_TOOL_FAILURE_CHARS = 240;

export interface ToolFailure {
  toolCallId: string;
  toolName: string;
  /** `status=… exitCode=…` from the result's details, when it has them. */
  meta?: string;
  summary: string;
}

/**
 * `details` is untrusted: only a string `status` and a finite numeric `exitCode` are read from it,
 * and the status is flattened and capped so it cannot smuggle text into the summary.
 */
function failureMeta(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const record = details as { status?: unknown; exitCode?: unknown };
  const parts: string[] = [];
  if (typeof record.status === 'string' && record.status.trim()) {
    parts.push(`status=${capText(collapseWhitespace(record.status), 40, '')}`);
  }
  if (typeof record.exitCode === 'number' && Number.isFinite(record.exitCode)) {
    parts.push(`exitCode=${record.exitCode}`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** Failed tool results in order, de-duplicated by call id (the first failure of a call is kept). */
export function collectToolFailures(messages: readonly Message[]): ToolFailure[] {
  const failures: ToolFailure[] = [];
  const seen = new Set<string>();
  for (const message of messages) {
    if (!message || typeof message !== 'object' || message.role !== 'toolResult') continue;
    if (message.isError !== true) continue;
    const toolCallId = typeof message.toolCallId === 'string' ? message.toolCallId : '';
    if (!toolCallId || seen.has(toolCallId)) continue;
    seen.add(toolCallId);

    const toolName =
      typeof message.toolName === 'string' && message.toolName.trim() ? inertLine(message.toolName) : 'tool';
    const meta = failureMeta(message.details);
    const text = collapseWhitespace(messageText(message));
    const summary = text
      ? capText(text, MAX_TOOL_FAILURE_CHARS, '...')
      : meta
        ? 'failed'
        : 'failed (no output)';
    failures.push(meta ? { toolCallId, toolName, meta, summary } : { toolCallId, toolName, summary });
  }
  return failures;
}
