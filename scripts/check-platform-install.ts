/**
 * Proves `npm install` works on every platform the README promises, from this machine: for each
 * one, the committed package.json and package-lock.json are copied into a temporary directory
 * and installed with `npm install --os=… --cpu=… [--libc=glibc] --ignore-scripts`, then the
 * installed tree is checked (`scripts/platform-install.ts`): the platform's swc, Biome and
 * esbuild binaries present at the versions their packages ask for, no other platform's binary,
 * and the lockfile left unchanged (an incomplete lockfile makes npm resolve, and write, anew).
 *
 *   npx tsx scripts/check-platform-install.ts [darwin-arm64 …]
 *
 * Run by `.ci/run`. Prints one JSON line per platform; exits 1 if any platform fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkInstalledTree,
  type LockPackages,
  PLATFORMS,
  type Platform,
  platformName,
} from './platform-install.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function readPackages(path: string): LockPackages {
  return (JSON.parse(readFileSync(path, 'utf8')) as { packages: LockPackages }).packages;
}

function checkPlatform(
  p: Platform,
  packageJson: string,
  lockfile: string,
): { ok: boolean; problems: string[] } {
  const dir = mkdtempSync(join(tmpdir(), `molt-install-${platformName(p)}-`));
  try {
    writeFileSync(join(dir, 'package.json'), packageJson);
    writeFileSync(join(dir, 'package-lock.json'), lockfile);
    const args = [
      'install',
      `--os=${p.os}`,
      `--cpu=${p.cpu}`,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ];
    if (p.libc) args.push(`--libc=${p.libc}`);
    const npm = spawnSync('npm', args, {
      cwd: dir,
      encoding: 'utf8',
      shell: process.platform === 'win32',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    if (npm.status !== 0) {
      const tail = `${npm.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | ');
      return { ok: false, problems: [`npm install exited ${npm.status}: ${tail}`] };
    }
    const problems = checkInstalledTree(
      p,
      JSON.parse(lockfile).packages,
      readPackages(join(dir, 'node_modules', '.package-lock.json')),
    );
    if (readFileSync(join(dir, 'package-lock.json'), 'utf8') !== lockfile) {
      problems.push(
        'npm install changed package-lock.json: the committed lockfile is incomplete for this platform',
      );
    }
    return { ok: problems.length === 0, problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const wanted = process.argv.slice(2);
const platforms = wanted.length
  ? PLATFORMS.filter((p) => wanted.includes(platformName(p).replace(/-glibc$/, '')))
  : PLATFORMS;
if (platforms.length === 0) {
  console.error(`unknown platform; known: ${PLATFORMS.map(platformName).join(', ')}`);
  process.exit(2);
}
const packageJson = readFileSync(join(root, 'package.json'), 'utf8');
const lockfile = readFileSync(join(root, 'package-lock.json'), 'utf8');
let failed = 0;
for (const p of platforms) {
  const started = Date.now();
  const { ok, problems } = checkPlatform(p, packageJson, lockfile);
  if (!ok) failed++;
  console.log(
    JSON.stringify({
      platform: platformName(p),
      ok,
      seconds: Math.round((Date.now() - started) / 1000),
      problems,
    }),
  );
}
process.exit(failed ? 1 : 0);
