/**
 * The input of a session workflow run the API starts (a session's first turn, a run started again
 * to rebuild a lost one): the one place where today's defaults are resolved for it. The run
 * carries them in its state from then on, so a release that changes a default changes new runs
 * only, never a replay (context/session/defaults.ts, docs/architecture.md#defaults-that-cannot-change-a-replay).
 */
import { DEFAULT_MEMORY_IDLE_MS } from '../../config/defaults.js';
import { type SessionSettingsInput, sessionDefaults } from '../../context/session/index.js';
import type { SessionWorkflowInput } from '../../workflows/contract.js';

export function sessionStartInput(
  options: { memoryIdleMs?: number | undefined },
  session: {
    tenantId: string;
    sessionId: string;
    contextWindowTokens: number;
    settings?: SessionSettingsInput | undefined;
    rebuild?: boolean;
  },
): SessionWorkflowInput {
  return {
    tenantId: session.tenantId,
    sessionId: session.sessionId,
    contextWindowTokens: session.contextWindowTokens,
    ...(session.rebuild ? { rebuild: true } : {}),
    defaults: sessionDefaults(),
    memoryIdleMs: options.memoryIdleMs ?? DEFAULT_MEMORY_IDLE_MS,
    ...(session.settings ? { settings: session.settings } : {}),
  };
}
