/**
 * PGlite is one process's database (issue 19 item 9): `molt keys create` beside a running `molt
 * dev` opened the same PGlite directory from a second process and the key was lost. Whoever opens
 * the embedded database holds a lock file in its directory (`molt.lock`, the holder's pid); a
 * second opener — another process, or the same one again — is refused with a message naming the
 * holder. A lock left by a process that is gone is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the directory's lock; the returned function releases it (also released at exit). */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'molt.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new ConfigError(
          `the embedded PGlite in ${dir} is open in process ${holder}${holder === process.pid ? ' (this one)' : ' (a running `molt dev`?)'}: PGlite is one process's database. Stop it first, set MOLT_BOOTSTRAP_API_KEY for \`molt dev\`, or use PostgreSQL (DATABASE_URL)`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (readFileSync(path, 'utf8') === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}
