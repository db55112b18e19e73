import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkInstalledTree,
  fitsPlatform,
  type LockPackages,
  PLATFORMS,
  resolveFrom,
} from '../../scripts/platform-install.js';

const lock = (
  JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
    packages: LockPackages;
  }
).packages;

/** What npm would install for a platform from the committed lockfile (every fitting entry). */
function idealTree(platform: (typeof PLATFORMS)[number]): LockPackages {
  return Object.fromEntries(Object.entries(lock).filter(([, entry]) => fitsPlatform(entry, platform)));
}

describe('the committed lockfile', () => {
  it.each(PLATFORMS.map((p) => [`${p.os}-${p.cpu}`, p] as const))(
    'carries every native binary %s needs, at the version its package asks for',
    (_name, platform) => {
      expect(checkInstalledTree(platform, lock, idealTree(platform))).toEqual([]);
    },
  );
});

describe('checkInstalledTree', () => {
  const mac = PLATFORMS[0];
  if (!mac) throw new Error('no platforms');
  const committed: LockPackages = {
    '': {},
    'node_modules/@swc/core': {
      version: '1.0.0',
      optionalDependencies: { '@swc/core-darwin-arm64': '1.0.0', '@swc/core-linux-x64-gnu': '1.0.0' },
    },
    'node_modules/@swc/core-darwin-arm64': {
      version: '1.0.0',
      os: ['darwin'],
      cpu: ['arm64'],
      optional: true,
    },
    'node_modules/@swc/core-linux-x64-gnu': {
      version: '1.0.0',
      os: ['linux'],
      cpu: ['x64'],
      libc: ['glibc'],
      optional: true,
    },
    'node_modules/@biomejs/cli-darwin-arm64': { version: '2.0.0', os: ['darwin'], cpu: ['arm64'] },
    'node_modules/@esbuild/darwin-arm64': { version: '0.1.0', os: ['darwin'], cpu: ['arm64'] },
  };

  it('names a promised binary npm left out (a lockfile without the platform)', () => {
    const installed = { ...committed };
    delete installed['node_modules/@swc/core-darwin-arm64'];
    delete installed['node_modules/@swc/core-linux-x64-gnu'];
    const problems = checkInstalledTree(mac, committed, installed);
    expect(problems).toContain('@swc/core-darwin-arm64 is not installed');
    expect(problems).toContain('node_modules/@swc/core → @swc/core-darwin-arm64 is not installed');
  });

  it('flags another platform’s binary and a version the package does not ask for', () => {
    const installed: LockPackages = {
      ...committed,
      'node_modules/@swc/core-darwin-arm64': { version: '0.9.0', os: ['darwin'], cpu: ['arm64'] },
    };
    const problems = checkInstalledTree(mac, committed, installed);
    expect(problems).toContain(
      'node_modules/@swc/core → @swc/core-darwin-arm64: 0.9.0 installed, 1.0.0 wanted',
    );
    expect(problems.some((p) => p.startsWith('node_modules/@swc/core-linux-x64-gnu'))).toBe(true);
  });

  it('resolves a nested copy before the hoisted one, as Node does', () => {
    const packages: LockPackages = {
      'node_modules/a': {},
      'node_modules/a/node_modules/esbuild': {},
      'node_modules/esbuild': {},
    };
    expect(resolveFrom(packages, 'node_modules/a', 'esbuild')).toBe('node_modules/a/node_modules/esbuild');
    expect(resolveFrom(packages, 'node_modules/b', 'esbuild')).toBe('node_modules/esbuild');
    expect(resolveFrom(packages, 'node_modules/b', 'missing')).toBeUndefined();
  });

  it('reads npm’s negated os lists', () => {
    expect(fitsPlatform({ os: ['!win32'] }, mac)).toBe(true);
    expect(fitsPlatform({ os: ['!darwin'] }, mac)).toBe(false);
  });
});
