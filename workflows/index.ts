export { compactionWorkflow } from './compaction.js';
export { sessionWorkflow } from './session.js';
