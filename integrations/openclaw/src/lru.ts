/**
 * A per-session map bounded by sessions and bytes (the UTF-8 JSON of each value), least recently
 * used out first: what the plugin keeps in its process (kept.ts, backlog.ts) never grows without
 * bound. A value larger than the byte bound alone is not kept.
 */
export class SessionLru<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private total = 0;

  constructor(private readonly limits: { sessions: number; bytes: number }) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(sessionId: string): T | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry.value;
  }

  /** Keeps `value` for the session (null forgets it). */
  set(sessionId: string, value: T | null): void {
    this.delete(sessionId);
    if (value === null) return;
    const bytes = Buffer.byteLength(JSON.stringify(value));
    if (bytes > this.limits.bytes || this.limits.sessions < 1) return;
    this.entries.set(sessionId, { value, bytes });
    this.total += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.sessions && this.total <= this.limits.bytes) break;
      this.delete(oldest);
    }
  }

  delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    this.total -= entry.bytes;
  }
}
