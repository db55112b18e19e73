/**
 * Compaction ids: deterministic, so a replayed workflow names the same child, and unique across
 * tenants, so two tenants compacting the same range of a session id they both use (`main`) never
 * share a row, a summary or a workflow.
 */

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const UINT64_MASK = 0xffffffffffffffffn;
/** Readable prefix of the session id inside a legacy compaction id. */
const COMPACTION_ID_SLUG_CHARS = 32;

/**
 * Tenant ids: letters, digits, `.`, `_` and `-` (never `:`), at most 64. The one rule, checked
 * wherever a tenant is created: every id molt builds as `…:tenant:session…` relies on the
 * tenant holding no `:`, which makes the tenant part end at the first `:` — no tenant/session
 * pair can spell another pair's id, whatever the session id holds.
 */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export function isTenantId(value: string): boolean {
  return TENANT_ID_PATTERN.test(value);
}

/** FNV-1a (64 bit) over the UTF-16 code units: a small, dependency-free, deterministic hash. */
export function fnv1a64(text: string): string {
  let hash = FNV64_OFFSET;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    hash = ((hash ^ BigInt(unit & 0xff)) * FNV64_PRIME) & UINT64_MASK;
    hash = ((hash ^ BigInt(unit >>> 8)) * FNV64_PRIME) & UINT64_MASK;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * Deterministic and injective: the same (tenant, session, range, attempt) always gives the same
 * id, and two different ones never do — the tenant holds no `:` (TENANT_ID_PATTERN) and the
 * suffix `:from-to:aN` is read from the right, so the id spells its parts unambiguously (no
 * hash that could collide). Session ids are URL-safe (api/schemas.ts), so the id is too.
 *
 * `tenantId` undefined gives the legacy id (session, hash and range, no tenant): only session
 * states carried from runs recorded before the `tenant-scoped-ids` patch lack it.
 */
export function compactionIdFor(
  tenantId: string | undefined,
  sessionId: string,
  fromSeq: number,
  toSeq: number,
  attempt: number,
): string {
  if (tenantId !== undefined) return `cmp:${tenantId}:${sessionId}:${fromSeq}-${toSeq}:a${attempt}`;
  const slug =
    sessionId
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, COMPACTION_ID_SLUG_CHARS) || 'session';
  return `cmp_${slug}_${fnv1a64(sessionId)}_${fromSeq}-${toSeq}_a${attempt}`;
}
