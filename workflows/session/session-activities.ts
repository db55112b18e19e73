/** The activities sessionWorkflow calls, with their timeouts and retries. */
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';

/** The view write is small and frequent: a local activity costs one marker event, not a task round. */
export const { persistSessionView } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

export const activities = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});
