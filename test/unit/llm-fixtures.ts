import { expect } from 'vitest';
import type { LlmConfig } from '../../llm/config.js';
import { LlmError, type TextModel } from '../../llm/model.js';
import { createTextModel } from '../../llm/providers.js';
import type { FakeLlm } from '../fake-llm/server.js';

export const SUMMARY_REQUEST = {
  system: 'You summarize conversations for an agent that will continue the work.',
  prompt: [
    'Summarize this part of the conversation.',
    'user: read src/app/server.ts and docs/setup.md',
    'assistant: called read (call_abc123) on https://example.com/spec.html.',
    'user: now fix the failing test in test/unit/app.test.ts',
  ].join('\n'),
};

export function modelFor(
  llm: FakeLlm,
  overrides: { timeoutMs?: number; provider?: 'openai' } = {},
): TextModel {
  const config: LlmConfig = {
    provider: overrides.provider ?? 'openai-compatible',
    baseUrl: llm.baseUrl,
    model: 'fake-model',
    apiKey: 'test-key',
    concurrency: 4,
    timeoutMs: overrides.timeoutMs ?? 10_000,
  };
  const model = createTextModel(config);
  if (!model) throw new Error('expected a model');
  return model;
}

export async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('expected the call to fail');
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function controlState(
  llm: FakeLlm,
): Promise<{ stalled: number; calls: number; queueLength: number }> {
  const response = await fetch(llm.controlUrl);
  return (await response.json()) as { stalled: number; calls: number; queueLength: number };
}
