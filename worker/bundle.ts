/**
 * The workflow bundle. Production workers load a bundle built ahead of time (`npm run build`
 * writes dist/workflow-bundle.js), so start-up does no webpack work and every worker runs the same
 * code; development bundles in memory at start-up.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { moltPath } from '../config/paths.js';

export const WORKFLOWS_PATH = moltPath('workflows', 'index.ts');

export async function buildWorkflowBundle(
  options: { workflowInterceptorModules?: string[] } = {},
): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: options.workflowInterceptorModules,
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} } as never,
  });
}

export async function writeWorkflowBundle(out: string): Promise<void> {
  const { code } = await buildWorkflowBundle();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
}

/** A pre-built bundle at `path`, or a fresh in-memory one when none is given. */
export async function loadWorkflowBundle(path: string | undefined): Promise<{ code: string }> {
  if (path) {
    if (!existsSync(path)) throw new Error(`MOLT_WORKFLOW_BUNDLE=${path} does not exist; run npm run build`);
    return { code: readFileSync(path, 'utf8') };
  }
  return buildWorkflowBundle();
}
