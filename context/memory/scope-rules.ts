/**
 * Where a memory may live (issue 19 item 2), one rule for every writer — extraction, commit_memory,
 * operators — and every reader:
 *
 * - Personal memories (profile, preference, entity, event, decision: what a person said, likes,
 *   did or decided) belong to a user, or — when the session names no user — to that session
 *   alone. Never to an agent: every other user of the agent would get them recalled.
 * - Agent knowledge (tool, skill, pattern, case: how the agent's tools and skills behave) may be
 *   the agent's, shared by all its sessions, when the session names no user; with a user it stays
 *   the user's like everything else (it was learnt in their conversation).
 *
 * A session that names its user only after its first turns keeps what was stored before under
 * these rules (session or agent); what it stores afterwards is the user's.
 */
import type { MemoryType } from './types.js';

export const AGENT_KNOWLEDGE_TYPES = [
  'tool',
  'skill',
  'pattern',
  'case',
] as const satisfies readonly MemoryType[];
export const PERSONAL_MEMORY_TYPES = [
  'profile',
  'preference',
  'entity',
  'event',
  'decision',
] as const satisfies readonly MemoryType[];

export function isAgentKnowledge(type: MemoryType): boolean {
  return (AGENT_KNOWLEDGE_TYPES as readonly string[]).includes(type);
}

/** Who is writing: the session's identity (or, for a write without a session, what names it). */
export interface ScopeOwner {
  userId: string | null;
  agentId: string | null;
  sessionId: string | null;
}

export interface StoredScope {
  userId: string | null;
  agentId: string | null;
  sessionScope: string | null;
}

/** The scope a memory of `type` is stored in, or null when the rule admits none (say why: 400). */
export function storedScopeFor(owner: ScopeOwner, type: MemoryType): StoredScope | null {
  if (owner.userId !== null) return { userId: owner.userId, agentId: owner.agentId, sessionScope: null };
  if (owner.agentId !== null && isAgentKnowledge(type)) {
    return { userId: null, agentId: owner.agentId, sessionScope: null };
  }
  if (owner.sessionId !== null) return { userId: null, agentId: null, sessionScope: owner.sessionId };
  return null;
}

/**
 * Whether a memory of `type` may live in a stored scope: the scope `storedScopeFor` gives the
 * scope's own identity. An edit that changes a memory's type (PATCH) obeys it as a write does: a
 * personal memory never lands in an agent's scope.
 */
export function scopeAdmits(scope: StoredScope, type: MemoryType): boolean {
  return (
    storedScopeFor({ userId: scope.userId, agentId: scope.agentId, sessionId: scope.sessionScope }, type) !==
    null
  );
}
