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
 * A session that names its user only after its first turns keeps what was said before under
 * these rules (session or agent) — even when it is extracted after the naming; what is said
 * afterwards is the user's. In a conversation between people (messages with speakers' names),
 * only the speaker named as the session's user id speaks for the user; another speaker's memories
 * stay in the session (sayerOwner).
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

/** Whose words a memory quotes, and what the session knows of its user. */
export interface Sayer {
  /** The quoted message's seq. */
  seq: number;
  /** Its speaker's name, when the message names one. */
  speaker?: string;
}

export interface SessionSpeakers {
  /** The first seq said after the session named its user (null: all of it, or no user). */
  userSinceSeq: number | null;
}

/**
 * The owner a quoted message's memories are stored for (docs/memory.md#whose-memory). The session's
 * user only for what that user said: after the session named them, in a message that carries no
 * speaker's name (the API's default: the user's own message) or whose name is the user id
 * (`isUserSpeaker`). A message's name is display text, not an identity: any other name — another
 * user id of the tenant included — is a person molt does not know, whose words keep the session's
 * owner without its user (the session's own scope): never merged into the user's memories, never
 * written into another user's. Each message decides alone, so the answer never changes as the
 * session grows (a range that holds one speaker's words cannot make that speaker the user).
 */
export function sayerOwner(owner: ScopeOwner, said: Sayer, session: SessionSpeakers): ScopeOwner {
  if (owner.userId === null) return owner;
  const anonymous = { ...owner, userId: null };
  if (session.userSinceSeq !== null && said.seq < session.userSinceSeq) return anonymous;
  if (said.speaker === undefined) return owner;
  return isUserSpeaker(owner.userId, said.speaker) ? owner : anonymous;
}

/** Whether a speaker's name is the session's user: the user id, compared NFC and case-insensitively. */
export function isUserSpeaker(userId: string, speaker: string): boolean {
  const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();
  return fold(speaker) === fold(userId);
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
