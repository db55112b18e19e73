/**
 * API keys: created once (the key is shown to its creator only), looked up by their sha256 hash.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyRole } from '../context/api-key-roles.js';
import { isTenantId } from '../context/session/ids.js';
import type { Database } from './client.js';
import { type ApiKeyRow, apiKeys } from './schema.js';
import { ensureTenant } from './transcript.js';

export { API_KEY_ROLES, type ApiKeyRole } from '../context/api-key-roles.js';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A tenant id must hold no `:` (context/session/ids.ts says why): refused before anything is written. */
export function checkTenantId(tenantId: string): void {
  if (!isTenantId(tenantId)) {
    throw new RangeError('tenant id: letters, digits and . _ - only, 1 to 64 characters');
  }
}

/** Creates a key for a tenant (creating the tenant if needed) and returns it in the clear, once. */
export async function createApiKey(
  db: Database,
  input: { tenantId: string; role: ApiKeyRole; name?: string; agentId?: string },
): Promise<{ id: string; key: string; listing: ApiKeyListing }> {
  if (input.agentId !== undefined && input.role !== 'agent') {
    throw new RangeError('agent: only an agent key is bound to an agent');
  }
  checkTenantId(input.tenantId);
  await ensureTenant(db, input.tenantId);
  const key = `molt_${randomBytes(24).toString('base64url')}`;
  const id = randomUUID();
  const [row] = await db
    .insert(apiKeys)
    .values({
      id,
      tenantId: input.tenantId,
      role: input.role,
      name: input.name ?? `${input.role} key`,
      keyHash: hashApiKey(key),
      agentId: input.agentId ?? null,
    })
    .returning(listingColumns);
  if (!row) throw new Error(`key ${id}: the insert returned no row`);
  return { id, key, listing: listingOf(row) };
}

/** Registers a key chosen by the deployer (MOLT_BOOTSTRAP_API_KEY) if it does not exist yet. */
export async function ensureApiKey(
  db: Database,
  input: { key: string; tenantId: string; role: ApiKeyRole; name: string },
): Promise<void> {
  checkTenantId(input.tenantId);
  await ensureTenant(db, input.tenantId);
  await db
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      tenantId: input.tenantId,
      role: input.role,
      name: input.name,
      keyHash: hashApiKey(input.key),
    })
    .onConflictDoNothing();
}

export async function findApiKey(db: Database, key: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  return row;
}

export async function countApiKeys(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(isNull(apiKeys.revokedAt));
  return Number(row?.n ?? 0);
}

/** A key as operators see it: never the key nor its hash. */
export interface ApiKeyListing {
  id: string;
  name: string;
  role: string;
  agentId: string | null;
  createdAt: string;
  revokedAt: string | null;
}

const listingColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: apiKeys.role,
  agentId: apiKeys.agentId,
  createdAt: apiKeys.createdAt,
  revokedAt: apiKeys.revokedAt,
};

function listingOf(row: {
  id: string;
  name: string;
  role: string;
  agentId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}): ApiKeyListing {
  return { ...row, createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null };
}

/** A tenant's keys, newest first, revoked ones included (with when). */
export async function listApiKeys(db: Database, tenantId: string): Promise<ApiKeyListing[]> {
  const rows = await db
    .select(listingColumns)
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
  return rows.map(listingOf);
}

/**
 * Revokes one of a tenant's keys. The tenant's last active operator key is refused
 * (`last_operator`): nobody could list or revoke keys any more, and with no key left at all a
 * restarted API would be open.
 */
export async function revokeApiKey(
  db: Database,
  tenantId: string,
  keyId: string,
): Promise<'revoked' | 'already_revoked' | 'not_found' | 'last_operator'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: apiKeys.role, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, keyId)))
      .for('update');
    if (!row) return 'not_found';
    if (row.revokedAt) return 'already_revoked';
    if (row.role === 'operator') {
      // Locks the tenant's operator keys, so two concurrent revocations cannot both pass.
      const operators = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.role, 'operator'), isNull(apiKeys.revokedAt)))
        .for('update');
      if (operators.length <= 1) return 'last_operator';
    }
    await tx.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, keyId));
    return 'revoked';
  });
}
