/**
 * molt's side effects, built from their dependencies so tests can pass fakes
 * (temporalio/samples-typescript "activities-dependency-injection").
 * Workflows import the *type* only.
 */
import type { Database } from '../db/client.js';
import { sessionViewActivities } from './session-view.js';

export interface ActivityDeps {
  db: Database;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...sessionViewActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
