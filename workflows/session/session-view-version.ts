/**
 * A view write that lost to an equal or higher stored version (issue 19 item 9). A worker killed
 * while its view write was landing leaves that write in PostgreSQL without its completion in the
 * history; the next worker replays the run, and by the time it writes again more turns may have
 * been applied — under the same version number, which the database then refused as not newer,
 * leaving the view stale until the next turn. Now the write reports the stored version and the
 * run writes its view again above it. Behind `patched`: histories recorded before returned nothing
 * from the write.
 */
import { patched } from '@temporalio/workflow';
import { PATCHES } from '../patches.js';

export const VIEW_VERSION_COLLISION_PATCH = PATCHES.viewVersionCollision.id;

/** The version to count on from when the write was refused, or null when it was written. */
export function versionToWriteAbove(
  outcome: { written: boolean; storedVersion: number | null } | undefined | null,
  version: number,
): number | null {
  if (!outcome || outcome.written || outcome.storedVersion === null || outcome.storedVersion < version)
    return null;
  return patched(VIEW_VERSION_COLLISION_PATCH) ? outcome.storedVersion : null;
}
