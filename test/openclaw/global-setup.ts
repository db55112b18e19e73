/**
 * The OpenClaw tier's own setup (after the integration tier's, which starts Temporal and the
 * database): the cached real OpenClaw + Node 26 (scripts/ensure-openclaw.ts) and the plugin built
 * to integrations/openclaw/dist.
 */
import type { TestProject } from 'vitest/node';
import { buildPlugin } from '../../integrations/openclaw/build.js';
import { ensureOpenClaw } from '../../scripts/ensure-openclaw.js';

declare module 'vitest' {
  export interface ProvidedContext {
    openclawPath: string;
    openclawNode: string;
  }
}

export default async function setup(project: TestProject) {
  const [install] = await Promise.all([ensureOpenClaw(), buildPlugin()]);
  project.provide('openclawPath', install.openclaw);
  project.provide('openclawNode', install.node);
}
