/**
 * The operator console (docs/console.md) at /ui: a static page, its stylesheet and one script,
 * every byte served by molt itself (no CDN). The script is the console's source (ui/src, Preact +
 * htm and the typed client) bundled by esbuild in memory on the first request and kept for the
 * life of the process. The console holds no data of its own: it calls the same /v1 API with the
 * operator key the person types in, so /ui needs no key. A strict Content-Security-Policy allows
 * only molt's own script, stylesheet and API; user and model text is rendered as text.
 */
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { moltPath } from '../../config/paths.js';

export const CONSOLE_PREFIX = '/ui';

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const UI_DIR = `${moltPath('ui')}${sep}`;

/** Bundles the console's script (ESM, minified); esbuild is a dependency because of it. */
export async function buildConsoleScript(): Promise<string> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [`${UI_DIR}src/main.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild produced no console script');
  return file.text;
}

let script: Promise<string> | null = null;

function secure(reply: FastifyReply, type: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-security-policy', CONSOLE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache');
}

export async function registerConsole(app: FastifyInstance): Promise<void> {
  const hide = { schema: { hide: true } };
  // A person who opens molt's address in a browser lands on the console, not on a JSON 404.
  app.get('/', hide, async (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  app.get(CONSOLE_PREFIX, hide, async (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`));
  app.get(`${CONSOLE_PREFIX}/`, hide, async (_request, reply) =>
    secure(reply, 'text/html; charset=utf-8').send(await readFile(`${UI_DIR}index.html`, 'utf8')),
  );
  app.get(`${CONSOLE_PREFIX}/console.css`, hide, async (_request, reply) =>
    secure(reply, 'text/css; charset=utf-8').send(await readFile(`${UI_DIR}console.css`, 'utf8')),
  );
  app.get(`${CONSOLE_PREFIX}/favicon.svg`, hide, async (_request, reply) =>
    secure(reply, 'image/svg+xml').send(await readFile(`${UI_DIR}favicon.svg`, 'utf8')),
  );
  app.get(`${CONSOLE_PREFIX}/console.js`, hide, async (request, reply) => {
    script ??= buildConsoleScript();
    try {
      return secure(reply, 'text/javascript; charset=utf-8').send(await script);
    } catch (error) {
      script = null;
      request.log.error({ err: error }, 'could not bundle the console script');
      return reply
        .status(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('the console script could not be built (esbuild); see the server log');
    }
  });
}
