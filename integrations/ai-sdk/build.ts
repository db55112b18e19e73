/**
 * Builds the package to dist/index.js (integrations/build-package.ts). The AI SDK (`ai`,
 * `@ai-sdk/*`) is the host's own, a peer dependency, never bundled. `npx tsx integrations/ai-sdk/build.ts`.
 */
import { buildIntegration, buildWhenRun } from '../build-package.js';

export const buildAiSdkPackage = (): Promise<string> =>
  buildIntegration(import.meta.url, ['ai', '@ai-sdk/*']);

buildWhenRun(import.meta.url, buildAiSdkPackage);
