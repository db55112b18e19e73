/**
 * Finds or builds the Temporal CLI (the dev server molt runs for `molt dev` and for tests).
 *
 * Order: TEMPORAL_CLI_PATH, `temporal` (`temporal.exe` on Windows) on PATH, a cached build under
 * ~/.cache/molt, and otherwise `go install github.com/temporalio/cli/cmd/temporal@v1.5.1`
 * into that cache. v1.5.1 is the newest tag `go install pkg@version` accepts (later tags carry
 * a `replace` directive). Nothing is downloaded as a binary: Go builds it from module sources.
 *
 * Run directly (`tsx scripts/ensure-temporal.ts`) it prints the binary's path.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText } from '../context/error-text.js';

export const TEMPORAL_CLI_VERSION = 'v1.5.1';
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';

export class TemporalCliUnavailableError extends Error {
  override name = 'TemporalCliUnavailableError';
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function temporalCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'molt', 'temporal-cli', TEMPORAL_CLI_VERSION);
}

/** A program's file name on this OS: Windows adds `.exe` (and finds `.cmd`/`.bat` through PATHEXT). */
function exeName(name: string): string {
  return process.platform === 'win32' ? `${name}.exe` : name;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  // Windows spells the variable `Path` and an executable's extension comes from PATHEXT.
  const path = env.PATH ?? env.Path ?? '';
  const names =
    process.platform === 'win32'
      ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((ext) => `${name}${ext.toLowerCase()}`)
      : [name];
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    for (const file of names) {
      const candidate = join(dir, file);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The CLI already on this machine, without building anything. */
export function findTemporalCli(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.TEMPORAL_CLI_PATH) {
    if (!isExecutable(env.TEMPORAL_CLI_PATH)) {
      throw new TemporalCliUnavailableError(
        `TEMPORAL_CLI_PATH=${env.TEMPORAL_CLI_PATH} is not an executable file; unset it or point it at the temporal binary`,
      );
    }
    return env.TEMPORAL_CLI_PATH;
  }
  const fromPath = onPath('temporal', env);
  if (fromPath) return fromPath;
  const cached = join(temporalCacheDir(env), exeName('temporal'));
  return isExecutable(cached) ? cached : undefined;
}

/** What to do when there is neither a Temporal CLI nor Go to build one. */
export function temporalCliNotFoundMessage(env: NodeJS.ProcessEnv = process.env): string {
  return (
    'The Temporal CLI was not found (TEMPORAL_CLI_PATH unset, no `temporal` on PATH, no cached build in ' +
    `${temporalCacheDir(env)}) and Go is not installed to build it. Either install the Temporal CLI ` +
    '(`brew install temporal` on macOS or Linux, or the archive for your OS from https://docs.temporal.io/cli#install) ' +
    'and put `temporal` (`temporal.exe` on Windows) on PATH or set TEMPORAL_CLI_PATH to it, or install ' +
    'Go >= 1.25 and molt builds it once.'
  );
}

function goBinary(env: NodeJS.ProcessEnv): string | undefined {
  return onPath('go', env) ?? (isExecutable('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : undefined);
}

/** Finds the CLI, building it with `go install` when missing. Resolves to its path. */
export async function ensureTemporalCli(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<string> {
  const found = findTemporalCli(env);
  if (found) return found;

  const go = goBinary(env);
  if (!go) {
    throw new TemporalCliUnavailableError(temporalCliNotFoundMessage(env));
  }
  const version = spawnSync(go, ['env', 'GOVERSION'], { encoding: 'utf8' }).stdout.trim();
  const match = /^go1\.(\d+)/.exec(version);
  if (match && Number(match[1]) < 25) {
    throw new TemporalCliUnavailableError(
      `Building the Temporal CLI ${TEMPORAL_CLI_VERSION} needs Go >= 1.25; found ${version} at ${go}.`,
    );
  }

  const cacheDir = temporalCacheDir(env);
  const staging = `${cacheDir}.building-${process.pid}`;
  mkdirSync(staging, { recursive: true });
  log(
    `molt: building the Temporal CLI ${TEMPORAL_CLI_VERSION} with ${version || 'go'} (first time only, takes minutes)…`,
  );
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(go, ['install', `${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION}`], {
      env: { ...env, GOBIN: staging },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', () => resolve(-1));
    child.on('exit', (status) => resolve(status ?? -1));
  });
  if (code !== 0) {
    throw new TemporalCliUnavailableError(
      `\`go install ${TEMPORAL_CLI_MODULE}@${TEMPORAL_CLI_VERSION}\` failed (exit ${code}). It needs the Go module ` +
        'proxy (GOPROXY) to be reachable; see the output above, or set TEMPORAL_CLI_PATH to an existing binary.',
    );
  }
  mkdirSync(cacheDir, { recursive: true });
  // Rename is atomic, so a concurrent run never sees a half-written binary.
  renameSync(join(staging, exeName('temporal')), join(cacheDir, exeName('temporal')));
  rmSync(staging, { recursive: true, force: true });
  log(`molt: built the Temporal CLI in ${Math.round((Date.now() - started) / 1000)} s`);
  return join(cacheDir, exeName('temporal'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureTemporalCli()
    .then((path) => console.log(path))
    .catch((error: unknown) => {
      console.error(`molt: ${errorText(error)}`);
      process.exit(1);
    });
}
