export { compactionWorkflow } from './compaction.js';
export { memoryExtractionWorkflow } from './memory.js';
export { sessionWorkflow } from './session.js';
