export { compactionWorkflow } from './compaction.js';
export { episodeIndexWorkflow } from './episodes.js';
export { memoryExtractionWorkflow } from './memory.js';
export { memoryEmbeddingWorkflow } from './memory-embedding.js';
export { sessionWorkflow } from './session/session.js';
