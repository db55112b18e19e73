/**
 * `MOLT_OPENCLAW_TRACE=<file>`: one JSON line per call OpenClaw makes into the plugin (engine
 * methods and memory tools) — what it was asked and, for some, what the plugin did — so a test or
 * an operator can list the calls OpenClaw made. Ids and counts only, never message text.
 */
import { appendFileSync } from 'node:fs';

export type Trace = (method: string, params?: object, extra?: Record<string, unknown>) => void;

export function createTrace(file = process.env.MOLT_OPENCLAW_TRACE): Trace {
  return (method, params = {}, extra = {}) => {
    if (!file) return;
    const p = params as Record<string, unknown>;
    const runtimeContext = p.runtimeContext as { forceReason?: string } | undefined;
    const line = {
      at: Date.now(),
      pid: process.pid,
      method,
      sessionId: p.sessionId,
      sessionKey: p.sessionKey,
      advancementKey: p.advancementKey,
      tokenBudget: p.tokenBudget,
      force: p.force,
      compactionTarget: p.compactionTarget,
      messageCount: Array.isArray(p.messages) ? p.messages.length : undefined,
      forceReason: runtimeContext?.forceReason,
      ...extra,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}
