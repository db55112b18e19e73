/**
 * How the engine stores turns in molt: in order, after the turns molt did not take (backlog.ts),
 * and, before `assemble` reads molt's context, the turns molt lacks of OpenClaw's transcript.
 */
import type { MoltClient } from '../../../client/index.js';
import { type Backlogs, catchUpTurns, type PendingTurn } from './backlog.js';
import { unreachable } from './compact.js';
import { toMoltMessages } from './messages.js';

/** What `assemble` does when molt does not answer (fallback.ts), as its log line says. */
export const ASSEMBLE_FALLBACK =
  "the plugin fits molt's last summary or OpenClaw's own messages to the window";

/** What a commit does when molt does not answer, as its log line says. */
const COMMIT_HELD = 'the plugin keeps the turn and sends it when molt answers';

type SessionParams = { sessionId: string; sessionKey?: string };

interface StoreDeps<P> {
  call<T>(method: string, fallback: string, run: () => Promise<T>): Promise<T>;
  fast: Pick<MoltClient, 'postTurn' | 'getSession'>;
  logger: { error(message: string): void; warn(message: string): void };
  backlogs: Backlogs;
  sessionFields(params: P): object;
  describe(error: unknown): string;
  moltSessionId(sessionId: string): string;
}

export function turnStore<P extends SessionParams>(deps: StoreDeps<P>) {
  const { call, fast, logger, backlogs, sessionFields, describe, moltSessionId } = deps;
  async function postTurn(method: string, fallback: string, params: P, turn: PendingTurn) {
    const posted = await call(method, fallback, () =>
      fast.postTurn(moltSessionId(params.sessionId), { ...turn, ...sessionFields(params) }),
    );
    return posted.turn.replayed ? ('duplicate' as const) : ('committed' as const);
  }

  /**
   * Stores a turn in molt, after the session's pending ones. When molt does not answer the turn is
   * held (backlog.ts) and counts as committed for OpenClaw; a turn molt refuses (4xx) fails as it
   * is. While this process has not checked the session against molt (a fresh process whose
   * `assemble` found molt away), turns are held for the next `assemble`, which has OpenClaw's
   * transcript to find what molt lacks.
   */
  async function storeTurn(
    method: string,
    params: P,
    turnId: string,
    messages: readonly unknown[],
  ): Promise<'committed' | 'duplicate' | 'held' | 'empty'> {
    const converted = toMoltMessages(messages);
    if (converted.messages.length === 0) return 'empty';
    const session = moltSessionId(params.sessionId);
    const turn = { turnId, messages: converted.messages };
    const backlog = backlogs.get(session);
    if (!backlog || (backlog.checked && backlog.pending.length === 0)) {
      try {
        return await postTurn(method, COMMIT_HELD, params, turn);
      } catch (error) {
        if (!unreachable(error)) throw error;
        backlogs.hold(session, turn);
        return 'held';
      }
    }
    const { checked, pending } = backlogs.hold(session, turn);
    if (!checked) {
      logger.warn(
        `[molt] ${method} held: molt may lack earlier turns of the session, sent at its next assemble`,
      );
      return 'held';
    }
    let status: 'committed' | 'duplicate' | 'held' = 'held';
    for (const next of pending) {
      try {
        status = await postTurn(method, COMMIT_HELD, params, next);
      } catch (error) {
        if (unreachable(error)) return 'held';
        backlogs.shift(session);
        if (next === turn) throw error;
        // An earlier turn molt refuses would never be taken: it goes, and the later ones follow.
        logger.error(
          `[molt] ${method}: molt refused a held turn of the session, left out: ${describe(error)}`,
        );
        continue;
      }
      backlogs.shift(session);
    }
    return status;
  }

  /**
   * Brings molt up to OpenClaw's transcript when this process has turns molt did not take, or has
   * not checked the session yet (backlog.ts): sends what molt lacks, then assembles again.
   */
  async function catchUp<T>(
    params: P & { messages: unknown[] },
    context: T,
    getContext: () => Promise<T>,
  ): Promise<{ context: T; caughtUp: number }> {
    const session = moltSessionId(params.sessionId);
    if (!backlogs.behind(session)) return { context, caughtUp: 0 };
    const backlog = backlogs.get(session);
    const storedMessages = backlog?.checked
      ? 0
      : (await call('assemble', ASSEMBLE_FALLBACK, () => fast.getSession(session))).transcript.messages;
    const turns = catchUpTurns({
      transcript: params.messages,
      storedMessages,
      checked: backlog?.checked ?? false,
      pending: backlog?.pending ?? [],
    });
    let caughtUp = 0;
    for (const turn of turns) {
      try {
        await postTurn('assemble', ASSEMBLE_FALLBACK, params, turn);
        caughtUp += turn.messages.length;
      } catch (error) {
        if (unreachable(error)) throw error;
        logger.error(`[molt] assemble: molt refused the turns it lacks, left out: ${describe(error)}`);
      }
    }
    backlogs.settle(session);
    return { context: caughtUp > 0 ? await getContext() : context, caughtUp };
  }

  return { storeTurn, catchUp };
}
