/**
 * `molt dev` leaves a note in its data directory (`molt-dev.json`: its pid and API address) while
 * it runs, so that other `molt` commands on the same directory find it: `molt keys create` asks
 * that API instead of opening the embedded PGlite the running process holds (docs/security.md).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'molt-dev.json';

export interface DevMarker {
  pid: number;
  apiUrl: string;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Writes the note; the returned function removes it (also done at exit). */
export function writeDevMarker(dataDir: string, apiUrl: string): () => void {
  const path = join(dataDir, FILE);
  writeFileSync(path, `${JSON.stringify({ pid: process.pid, apiUrl } satisfies DevMarker)}\n`);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      const marker = JSON.parse(readFileSync(path, 'utf8')) as Partial<DevMarker>;
      if (marker.pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Gone already, or another molt's now.
    }
  };
  process.once('exit', remove);
  return remove;
}

/** The `molt dev` running on this data directory (another, live process), if any. */
export function runningDev(dataDir: string): DevMarker | undefined {
  try {
    const marker = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as Partial<DevMarker>;
    if (
      typeof marker.pid === 'number' &&
      Number.isInteger(marker.pid) &&
      marker.pid > 0 &&
      marker.pid !== process.pid &&
      typeof marker.apiUrl === 'string' &&
      /^https?:\/\//.test(marker.apiUrl) &&
      alive(marker.pid)
    ) {
      return { pid: marker.pid, apiUrl: marker.apiUrl };
    }
  } catch {
    // No note, or not one molt wrote.
  }
  return undefined;
}
