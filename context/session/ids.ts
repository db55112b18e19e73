/** Compaction ids: deterministic, so a replayed workflow names the same child. */

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const UINT64_MASK = 0xffffffffffffffffn;
/** Readable prefix of the session id inside a compaction id. */
const COMPACTION_ID_SLUG_CHARS = 32;

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
 * Deterministic and URL-safe: the same (session, range, attempt) always gives the same id, so a
 * replayed workflow starts the same child and writes the same rows. The slug keeps it readable; the
 * hash keeps sessions whose ids slug alike apart.
 */
export function compactionIdFor(sessionId: string, fromSeq: number, toSeq: number, attempt: number): string {
  const slug =
    sessionId
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, COMPACTION_ID_SLUG_CHARS) || 'session';
  return `cmp_${slug}_${fnv1a64(sessionId)}_${fromSeq}-${toSeq}_a${attempt}`;
}
