/**
 * Builds the package to dist/index.js (integrations/build-package.ts). LangGraph (`@langchain/*`)
 * is the host's own, a peer dependency, never bundled. `npx tsx integrations/langgraph/build.ts`.
 */
import { buildIntegration, buildWhenRun } from '../build-package.js';

export const buildLangGraphPackage = (): Promise<string> =>
  buildIntegration(import.meta.url, ['@langchain/*']);

buildWhenRun(import.meta.url, buildLangGraphPackage);
