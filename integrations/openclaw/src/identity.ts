/**
 * Whose memory a session is: the molt `userId` and `agentId` of an OpenClaw session, from the
 * plugin's configuration and OpenClaw's session key — never from anything a model wrote. The
 * engine (sessions, turns) and the tool factory (commit_memory, search_memories) both ask here,
 * so a session and its memories always carry the same pair.
 *
 * OpenClaw's session keys name the agent and, for direct messages under a per-peer `dmScope`,
 * the person: `agent:<agentId>:direct:<peer>`, `agent:<agentId>:<channel>:direct:<peer>` or
 * `agent:<agentId>:<channel>:<account>:direct:<peer>`, optionally followed by `:thread:<id>`.
 */
import type { PluginConfig } from './config.js';

export interface Identity {
  userId?: string;
  agentId?: string;
}

/** The person a session key names (a direct-message peer), with the channel when it says one. */
export function peerOf(sessionKey: string | undefined): { channel?: string; peer: string } | null {
  if (!sessionKey) return null;
  const parts = sessionKey.split(':');
  if (parts[0] !== 'agent') return null;
  const direct = parts.indexOf('direct', 2);
  if (direct < 0 || direct + 1 >= parts.length) return null;
  const threadAt = parts.indexOf('thread', direct + 1);
  const peer = parts.slice(direct + 1, threadAt < 0 ? undefined : threadAt).join(':');
  if (!peer) return null;
  return direct > 2 ? { channel: parts[2]!, peer } : { peer };
}

/** molt scope ids are 1–200 characters; longer OpenClaw ids are cut (they are ids, not text). */
const scopeId = (id: string): string => id.slice(0, 200);

/**
 * The session's identity. The agent: `agentId` from the config, else the session key's agent,
 * else the one OpenClaw names. The user: the peer's entry in `users` (`<channel>:<peer>` first,
 * then `<peer>`), else — with `usersFromPeers` (default) — the peer itself as
 * `<channel>:<peer>`, else the configured `userId`; none when the session names no person and no
 * `userId` is configured.
 */
export function identityOf(
  config: Pick<PluginConfig, 'userId' | 'agentId' | 'users' | 'usersFromPeers'>,
  session: { sessionKey?: string | undefined; agentId?: string | undefined },
): Identity {
  const keyAgent = session.sessionKey?.startsWith('agent:') ? session.sessionKey.split(':')[1] : undefined;
  const agentId = config.agentId ?? (keyAgent || undefined) ?? session.agentId;
  const peer = peerOf(session.sessionKey);
  let userId = config.userId;
  if (peer) {
    const qualified = peer.channel ? `${peer.channel}:${peer.peer}` : peer.peer;
    const mapped = config.users?.[qualified] ?? config.users?.[peer.peer];
    if (mapped) userId = mapped;
    else if (config.usersFromPeers) userId = qualified;
  }
  return {
    ...(userId ? { userId: scopeId(userId) } : {}),
    ...(agentId ? { agentId: scopeId(agentId) } : {}),
  };
}
