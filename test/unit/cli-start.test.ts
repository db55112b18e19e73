/**
 * How `molt` starts (docs/cli.md#start-up): the compiled build in dist/cli while it is current,
 * loading only what the verb needs — an agent verb (called in a loop by an agent) or `--help`
 * never loads Fastify, Temporal, the database layer or pino — and no stack trace when the reader
 * of its output goes away (`molt … | head`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript (the build runs without TypeScript tooling)
import { buildCli, isBuildCurrent } from '../../scripts/cli-build.mjs';
import { scaled } from '../time-scale.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MOLT = join(ROOT, 'bin', 'molt.mjs');
const RECORDER = join(ROOT, 'test', 'fixtures', 'cli', 'record-imports.mjs');
const dir = mkdtempSync(join(tmpdir(), 'molt-cli-start-'));

beforeAll(async () => {
  if (!isBuildCurrent()) await buildCli();
}, scaled(120_000));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs molt and answers what it printed and every module URL it resolved. */
function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const file = join(dir, `imports-${Math.random().toString(36).slice(2)}.txt`);
  const result = spawnSync(process.execPath, ['--import', RECORDER, MOLT, ...args], {
    env: {
      ...process.env,
      MOLT_API_URL: 'http://127.0.0.1:9',
      MOLT_USER_ID: 'ana',
      MOLT_SESSION_ID: 'session-1',
      ...env,
      MOLT_TEST_IMPORTS_FILE: file,
    },
    encoding: 'utf8',
    timeout: scaled(60_000),
  });
  let imports: string[] = [];
  try {
    imports = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    // Nothing resolved.
  }
  return { ...result, imports: withBundledPackages(imports) };
}

/**
 * The URLs, and for each chunk of the build that holds a bundled package (scripts/cli-build.mjs
 * BUNDLED) a `node_modules/<package>/` entry naming it, so that a package counts as loaded bundled
 * or not.
 */
function withBundledPackages(imports: string[]): string[] {
  const packages = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'packages.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const held = Object.entries(packages).flatMap(([chunk, names]) =>
    imports.some((url) => url.endsWith(`/dist/cli/${chunk}`))
      ? names.map((name) => `bundled:node_modules/${name}/`)
      : [],
  );
  return [...imports, ...held];
}

/** What no agent verb, `--help` or `--version` may load. */
const HEAVY = [
  /node_modules\/fastify\//,
  /node_modules\/@temporalio\//,
  /node_modules\/drizzle-orm\//,
  /node_modules\/pino\//,
  /node_modules\/@electric-sql\//,
  /node_modules\/ai\//,
  /node_modules\/pg\//,
  /node_modules\/tsx\//,
];
const heavyIn = (imports: string[]) => imports.filter((url) => HEAVY.some((re) => re.test(url)));

describe('molt start-up', () => {
  it('runs the build while it is current; the sources through tsx on request', () => {
    expect(isBuildCurrent()).toBe(true);
    const built = run(['--version']);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(built.stderr).toBe('');
    expect(built.imports.some((url) => url.includes('/dist/cli/main.js'))).toBe(true);

    const sources = run(['--version'], { MOLT_CLI_FROM_SOURCE: '1' });
    expect(sources.status, sources.stderr).toBe(0);
    expect(sources.stdout.trim()).toBe(built.stdout.trim());
    expect(sources.imports.some((url) => url.includes('/dist/cli/'))).toBe(false);
    expect(sources.imports.some((url) => url.endsWith('/cli/main.ts'))).toBe(true);
  });

  it(
    'a build is stale once any of its sources changed after it started, or one is gone',
    async () => {
      const out = join(dir, 'build');
      await buildCli(out);
      expect(isBuildCurrent(out)).toBe(true);
      const stampPath = join(out, 'stamp.json');
      const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as { startedAt: number; inputs: string[] };
      expect(stamp.inputs).toContain('cli/main.ts');
      expect(stamp.inputs.every((input) => !input.includes('node_modules'))).toBe(true);
      // Every source's mtime is older than the stamp; one edited a millisecond after it started is not.
      const newest = Math.max(...stamp.inputs.map((input) => statSync(join(ROOT, input)).mtimeMs));
      writeFileSync(stampPath, JSON.stringify({ ...stamp, startedAt: newest - 1 }));
      expect(isBuildCurrent(out)).toBe(false);
      writeFileSync(stampPath, JSON.stringify({ ...stamp, inputs: [...stamp.inputs, 'cli/gone.ts'] }));
      expect(isBuildCurrent(out)).toBe(false);
      writeFileSync(stampPath, '{ not json');
      expect(isBuildCurrent(out)).toBe(false);
      rmSync(stampPath);
      expect(isBuildCurrent(out)).toBe(false);
    },
    scaled(120_000),
  );

  it.each([
    [['--version']],
    [['--help']],
    [['remember', '--help']],
    [['remember', '--content', 'Ana prefers tea.']],
    [['search', '--query', 'tea']],
    [['ls']],
    [['history']],
  ])('molt %j loads no server, engine or database code', (args) => {
    const result = run(args);
    expect(result.imports.length, result.stderr).toBeGreaterThan(0);
    expect(heavyIn(result.imports)).toEqual([]);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('--version and --help load no validation library at all', () => {
    for (const args of [['--version'], ['--help']]) {
      const result = run(args);
      expect(result.status).toBe(0);
      expect(result.imports.filter((url) => /node_modules\/(zod|openapi-fetch)\//.test(url))).toEqual([]);
    }
    // The check sees bundled packages: commander is one, and both load it.
    expect(run(['--help']).imports).toContain('bundled:node_modules/commander/');
  });

  it.each([
    [['remember', '--content', 'Ana prefers tea.']],
    [['search', '--query', 'tea']],
    [['ls']],
    [['history']],
  ])('molt %j with a well-formed environment loads no zod (cli/agent-env-quick.ts)', (args) => {
    const result = run(args);
    expect(result.imports.length, result.stderr).toBeGreaterThan(0);
    expect(result.imports.filter((url) => /node_modules\/zod\//.test(url))).toEqual([]);
  });

  it.each([
    [['remember', '--content', 'Ana prefers tea.']],
    [['search', '--query', 'tea']],
    [['ls']],
    [['history']],
  ])(
    'molt %j loads no fetch implementation (undici), nor TLS for an http URL (cli/http-transport.ts)',
    (args) => {
      const result = run(args);
      expect(result.imports.length, result.stderr).toBeGreaterThan(0);
      expect(result.imports.filter((url) => url.startsWith('node:internal/deps/undici/'))).toEqual([]);
      expect(result.imports).not.toContain('node:tls');
    },
  );

  it('an agent verb with a variable zod refuses says which, exit 2', () => {
    const result = run(['search', '--query', 'tea'], { MOLT_SESSION_ID: 'no spaces allowed' });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stderr.trim())).toMatchObject({ ok: false, error: { code: 'usage' } });
    expect(result.stderr).toContain('MOLT_SESSION_ID');
  });

  it('an agent verb against an unreachable molt answers JSON on stderr, exit 1, no stack', () => {
    const result = run(['search', '--query', 'tea']);
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr.trim())).toMatchObject({ ok: false, error: { code: 'unreachable' } });
  });

  it('a mistyped verb still gets commander’s suggestion', () => {
    const result = run(['sesions']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/unknown command 'sesions'[\s\S]*sessions/);
  });

  it.each([
    ['the build', {}],
    ['the sources', { MOLT_CLI_FROM_SOURCE: '1' }],
  ])(
    'stops quietly when the reader of its output has gone (`molt history <id> --json | head`), %s',
    async (_name, env) => {
      // A molt whose answer is long: the reader takes one chunk of it and goes.
      const history = JSON.stringify({
        runs: Array.from({ length: 20_000 }, (_, i) => ({ i, text: 'event '.repeat(10) })),
      });
      const server = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(history);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const child = spawn(process.execPath, [MOLT, 'history', 'session-1', '--json'], {
          env: { ...process.env, ...env, MOLT_API_URL: `http://127.0.0.1:${port}` },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.stdout.once('data', () => child.stdout.destroy());
        const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
        expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
        expect(code, stderr).toBe(0);
      } finally {
        server.close();
      }
    },
  );
});
