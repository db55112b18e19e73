/**
 * Finds the Chromium or Chrome the browser tier drives (docs/console.md#getting-chromium):
 * MOLT_CHROMIUM_PATH, else the usual places on Linux, macOS and Windows. Nothing is downloaded;
 * with no browser the tier fails saying how to get one.
 */
import { existsSync } from 'node:fs';

/** Where the browser tier looks for Chromium or Chrome, first found wins. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** MOLT_CHROMIUM_PATH, or the first candidate that exists; a clear error when there is none. */
export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  candidates: readonly string[] = CHROMIUM_CANDIDATES,
): string {
  const given = env.MOLT_CHROMIUM_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`MOLT_CHROMIUM_PATH=${given}: no such file`);
    return given;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'The browser tests need Chromium or Chrome and found none. Install it (Debian/Ubuntu: ' +
        '`apt-get install -y chromium`; macOS: install Google Chrome; Windows: install Chrome) or set ' +
        `MOLT_CHROMIUM_PATH to its executable. Looked in: ${candidates.join(', ')}`,
    );
  }
  return found;
}
