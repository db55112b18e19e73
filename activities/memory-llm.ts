/**
 * The LLM memory extractor: one call per range through the configured `TextModel`, its JSON
 * answer validated with zod. Candidates are verified and stored by the same code as the
 * extractive ones (a quote the model invented is rejected there).
 */
import {
  MEMORY_EXTRACTION_SYSTEM,
  memoryExtractionPrompt,
  parseMemoryAnswer,
} from '../context/memory/llm-prompt.js';
import { LlmError, type TextModel } from '../llm/model.js';
import type { MemoryExtractor } from './memory.js';

export function llmMemoryExtractor(model: TextModel): MemoryExtractor {
  return {
    version: `llm:${model.id}`,
    async extract(range, known = []) {
      if (range.length === 0) return { candidates: [], tokens: { input: 0, output: 0 } };
      const result = await model.generate({
        system: MEMORY_EXTRACTION_SYSTEM,
        prompt: memoryExtractionPrompt(range, known),
        maxOutputTokens: 4_000,
      });
      const candidates = parseMemoryAnswer(result.text);
      if (candidates === null)
        throw new LlmError('bad_response', 'the model did not answer a {"memories": [...]} JSON object');
      return {
        candidates,
        tokens: { input: result.usage.inputTokens ?? 0, output: result.usage.outputTokens ?? 0 },
      };
    },
  };
}
