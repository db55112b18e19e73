/** Metas and sessions the session-state tests share (u = user, a = assistant, r = tool result). */
import {
  applyTurn,
  createSessionState,
  type LiveMessageMeta,
  type SessionCommand,
  type SessionState,
} from '../../context/index.js';

export const u = (seq: number, tokens: number): LiveMessageMeta => ({ seq, tokens, role: 'user' });
export const a = (seq: number, tokens: number, calls?: string[]): LiveMessageMeta =>
  calls ? { seq, tokens, role: 'assistant', toolCallIds: calls } : { seq, tokens, role: 'assistant' };
export const r = (seq: number, tokens: number, id: string): LiveMessageMeta => ({
  seq,
  tokens,
  role: 'toolResult',
  toolCallId: id,
});

export const WINDOW = 1_000; // keepRecentTokens defaults to 200, thresholds at 500 and 700 tokens

export function session(overrides: Parameters<typeof createSessionState>[0]['settings'] = {}): SessionState {
  return createSessionState({ sessionId: 'demo', contextWindowTokens: WINDOW, settings: overrides });
}

/** Ten user/assistant exchanges of 50 tokens each (seq 1..20): 500 tokens, exactly the upload ratio. */
export function exchanges(count: number, tokensEach = 25, firstSeq = 1): LiveMessageMeta[] {
  const metas: LiveMessageMeta[] = [];
  for (let i = 0; i < count; i++) {
    metas.push(u(firstSeq + 2 * i, tokensEach), a(firstSeq + 2 * i + 1, tokensEach));
  }
  return metas;
}

export function commandOf<T extends SessionCommand['type']>(commands: SessionCommand[], type: T) {
  return commands.find((command) => command.type === type) as
    | Extract<SessionCommand, { type: T }>
    | undefined;
}

/** A session with a running upload over seq 1..12 (after 20 messages, 500 tokens). */
export function withRunningUpload() {
  const { state, commands } = applyTurn(session(), { messages: exchanges(10) });
  const start = commandOf(commands, 'startCompaction')!;
  return { state, start };
}
