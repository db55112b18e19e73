/**
 * What `npm install` must put on each supported platform, and the check of an installed tree.
 *
 * Pure: the runner (`scripts/check-platform-install.ts`) installs into a temporary directory and
 * hands the hidden lockfile (`node_modules/.package-lock.json`, npm's record of what it actually
 * installed) to `checkInstalledTree`.
 */

export interface Platform {
  /** npm's `--os`, `--cpu` and `--libc` values. */
  os: 'darwin' | 'linux' | 'win32';
  cpu: 'arm64' | 'x64';
  libc?: 'glibc';
  /** Native binaries the build and the linter load, by package name. */
  binaries: string[];
}

function platform(os: Platform['os'], cpu: Platform['cpu'], swc: string, biome: string): Platform {
  const libc = os === 'linux' ? { libc: 'glibc' as const } : {};
  return {
    os,
    cpu,
    ...libc,
    binaries: [`@swc/core-${swc}`, `@biomejs/cli-${biome}`, `@esbuild/${os}-${cpu}`],
  };
}

/** The platforms the README promises: macOS (Apple silicon, Intel), Windows x64, Linux x64/arm64. */
export const PLATFORMS: Platform[] = [
  platform('darwin', 'arm64', 'darwin-arm64', 'darwin-arm64'),
  platform('darwin', 'x64', 'darwin-x64', 'darwin-x64'),
  platform('win32', 'x64', 'win32-x64-msvc', 'win32-x64'),
  platform('linux', 'x64', 'linux-x64-gnu', 'linux-x64'),
  platform('linux', 'arm64', 'linux-arm64-gnu', 'linux-arm64'),
];

export function platformName(p: Platform): string {
  return `${p.os}-${p.cpu}${p.libc ? `-${p.libc}` : ''}`;
}

/** One entry of a lockfile's `packages` map (only the fields the check reads). */
export interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

export type LockPackages = Record<string, LockEntry>;

/** npm's own rule for `os`/`cpu`/`libc` lists: a `!x` entry excludes, plain entries include. */
function allows(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0 || value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((entry) => !entry.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

export function fitsPlatform(entry: LockEntry, p: Platform): boolean {
  return allows(entry.os, p.os) && allows(entry.cpu, p.cpu) && allows(entry.libc, p.libc);
}

/** Where Node would find `name` from the package installed at `from` (a lockfile key). */
export function resolveFrom(packages: LockPackages, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (base === '') return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/**
 * Problems with a tree installed for `p`: a promised binary absent, a binary of another platform
 * present, or any installed package whose optional dependency for this platform is missing or is
 * not the exact version it asks for (esbuild and swc refuse to run with a mismatched binary).
 * `lock` is the committed lockfile's `packages`, `installed` the hidden lockfile's.
 */
export function checkInstalledTree(p: Platform, lock: LockPackages, installed: LockPackages): string[] {
  const problems: string[] = [];
  for (const binary of p.binaries) {
    if (!installed[`node_modules/${binary}`]) problems.push(`${binary} is not installed`);
  }
  for (const [key, entry] of Object.entries(installed)) {
    if (key === '') continue;
    if (!fitsPlatform(entry, p))
      problems.push(`${key} (for ${entry.os ?? '*'}/${entry.cpu ?? '*'}) was installed`);
    for (const [dep, wanted] of Object.entries(entry.optionalDependencies ?? {})) {
      const lockKey = resolveFrom(lock, key, dep);
      const lockEntry = lockKey ? lock[lockKey] : undefined;
      const at = resolveFrom(installed, key, dep);
      const got = at ? installed[at] : undefined;
      if (!lockEntry) {
        // Another platform's binary the registry lacks is no concern; one npm had to find is.
        if (got) problems.push(`${key} → ${dep} was installed but is not in package-lock.json`);
        continue;
      }
      if (!fitsPlatform(lockEntry, p)) continue;
      if (!got) problems.push(`${key} → ${dep} is not installed`);
      else if (/^\d+\.\d+\.\d+$/.test(wanted) && got.version !== wanted) {
        problems.push(`${key} → ${dep}: ${got.version} installed, ${wanted} wanted`);
      }
    }
  }
  return problems;
}
