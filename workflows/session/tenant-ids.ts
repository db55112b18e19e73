/**
 * Compaction ids carry the tenant (context/session/ids.ts). A session state without a tenant
 * (created before this patch, or carried from such a run) gets it once the workflow runs the
 * patched code; a history recorded before replays without the marker and keeps naming its
 * children with the legacy ids, so it replays unchanged.
 */
import { patched } from '@temporalio/workflow';
import type { SessionState } from '../../context/session/index.js';
import { PATCHES } from '../patches.js';

export const TENANT_SCOPED_IDS_PATCH = PATCHES.tenantScopedIds.id;

export function withTenantScopedIds(state: SessionState, tenantId: string): SessionState {
  if (state.tenantId !== undefined) return state;
  return patched(TENANT_SCOPED_IDS_PATCH) ? { ...state, tenantId } : state;
}
