/**
 * Builds the plugin to dist/index.js (integrations/build-package.ts), so `openclaw plugins install
 * <this directory>` needs no `npm install`. `npm run plugin:build`.
 */
import { buildIntegration, buildWhenRun } from '../build-package.js';

/** OpenClaw's plugin SDK is the host's own (its loader resolves it): never bundled. */
export const buildPlugin = (): Promise<string> =>
  buildIntegration(import.meta.url, ['openclaw', 'openclaw/*']);

buildWhenRun(import.meta.url, buildPlugin);
