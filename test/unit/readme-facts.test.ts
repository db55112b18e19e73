/**
 * The README and docs/ say only what is true of the code (issue 34 item 5): every environment
 * variable they name is read somewhere in the sources, every `npm run X` is a script, every
 * `molt <verb>` is a command of the CLI, and every relative link leads to a file that exists.
 * And the other way: every variable molt reads is in the README's configuration table (which
 * test/unit/compose.test.ts holds docker-compose.yml to), and no comment or message in the code
 * names a variable nothing reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// The CLI's verbs, read from its COMMANDS table (importing cli/main.ts would run the CLI).
const main = readFileSync(join(root, 'cli/main.ts'), 'utf8');
const table = main.slice(
  main.indexOf('export const COMMANDS'),
  main.indexOf('\n};', main.indexOf('export const COMMANDS')),
);
const COMMANDS = new Set([...table.matchAll(/^ {2}'?([a-z][a-z-]*)'?: \{/gm)].map((m) => m[1] ?? ''));
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = new Map(docs.map((f) => [f, readFileSync(join(root, f), 'utf8')]));

const skipDirs = new Set(['node_modules', '.git', 'dist', '.molt', 'coverage']);
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|mts|mjs|js|cjs|sh)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}
const files = sources(root)
  .map((p) => relative(root, p).split('\\').join('/'))
  .filter((p) => !p.startsWith('test/unit/readme-facts'))
  .map((p) => ({ path: p, body: readFileSync(join(root, p), 'utf8') }))
  .concat(
    ['docker-compose.yml', 'Dockerfile'].map((p) => ({ path: p, body: readFileSync(join(root, p), 'utf8') })),
  );
const code = files.map((f) => f.body).join('\n');

/** A variable's name: capitals and digits, with an underscore. */
const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';
/** molt's own variables and the providers' keys it falls back on. */
const OWN = '(?:MOLT|TEMPORAL|DATABASE|OPENAI|ANTHROPIC)_[A-Z0-9_]*[A-Z0-9]';

/**
 * The variables a source reads: `env.X` (process.env and every `env` handed a schema), `env['X']`,
 * a key of an environment schema (`MOLT_X: z…`), a name in quotes (cli-prompt.ts AGENT_CLI_ENV,
 * a fallback key), and in compose and shell files `${X}` (in TypeScript that is a template's constant).
 */
function readsOf(path: string, body: string): string[] {
  const all = (pattern: string, flags = 'g') =>
    [...body.matchAll(new RegExp(pattern, flags))].map((m) => m[1] ?? '');
  return [
    ...all(`\\benv\\??\\.(${NAME})\\b`),
    ...all(`\\benv\\[\\s*['"](${NAME})['"]\\s*\\]`),
    ...all(`^\\s*(${OWN}):\\s`, 'gm'),
    ...all(`['"](${OWN})['"]`),
    ...(/\.(ts|mts|mjs|js|cjs)$/.test(path) ? [] : all(`\\$\\{(${NAME})`)),
  ];
}
/** Constants spelled like variables (worker/readiness.ts MOLT_SEARCH_ATTRIBUTES, …). */
const declaredOf = (body: string) =>
  [
    ...body.matchAll(
      new RegExp(`\\b(?:const|let|var|function|class|type|interface|enum)\\s+(${NAME})\\b`, 'g'),
    ),
  ].map((m) => m[1] ?? '');
/**
 * What molt — the server, its CLI, its scripts — reads: not the tests', benchmarks' or examples'
 * own, nor the Temporal containers' set-up scripts (deploy/temporal/*.sh).
 */
const isProduct = (path: string) =>
  /\.(ts|mts|mjs|js|cjs)$/.test(path) && !/^(test|bench)\//.test(path) && !path.includes('/examples/');
const READ = new Set(files.flatMap((f) => readsOf(f.path, f.body)));
const PRODUCT_READS = new Set(files.filter((f) => isProduct(f.path)).flatMap((f) => readsOf(f.path, f.body)));

/**
 * Variables molt reads that are not settings of a running molt, so not in the configuration
 * table nor the compose file; each is described on the page named.
 */
const NOT_SETTINGS: Record<string, string> = {
  MOLT_CLI_FROM_SOURCE: 'docs/cli.md', // how bin/molt.mjs starts
  MOLT_OPENCLAW_NODE: 'docs/install.md', // the Node the OpenClaw test tier runs OpenClaw with
  MOLT_OPENCLAW_TRACE: 'docs/openclaw.md', // read by the plugin, inside OpenClaw
  NO_COLOR: 'docs/cli.md', // terminal conventions, for the pretty log
  FORCE_COLOR: 'docs/cli.md',
  XDG_CACHE_HOME: 'docs/install.md', // where the Temporal CLI build is cached
};

/** Each match of `pattern` in every document, with the document it came from. */
function named(pattern: RegExp): Array<{ doc: string; name: string }> {
  return [...text].flatMap(([doc, body]) =>
    [...body.matchAll(pattern)].map((m) => ({ doc, name: m[1] ?? '' })),
  );
}

describe('README.md and docs/*.md', () => {
  it('name only environment variables the code reads', () => {
    const vars = named(/\b((?:MOLT|TEMPORAL)_[A-Z0-9_]*[A-Z0-9]|DATABASE_URL)\b/g);
    expect(vars.length).toBeGreaterThan(50);
    const unread = vars.filter(({ name }) => !new RegExp(`\\b${name}\\b`).test(code));
    expect([...new Set(unread.map(({ doc, name }) => `${doc}: ${name}`))]).toEqual([]);
  });

  it('describe every variable molt reads: its configuration table, or the page of a non-setting', () => {
    expect(PRODUCT_READS.size).toBeGreaterThan(40);
    const readme = text.get('README.md') ?? '';
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const table = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) =>
          [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
        ),
    );
    expect(table.size).toBeGreaterThan(30);
    const undescribed = [...PRODUCT_READS].filter((name) => {
      const page = NOT_SETTINGS[name];
      return page === undefined ? !table.has(name) : !new RegExp(`\\b${name}\\b`).test(text.get(page) ?? '');
    });
    expect(undescribed.sort()).toEqual([]);
    // Every exception is still read: a variable gone from the code leaves this list too.
    expect(Object.keys(NOT_SETTINGS).filter((name) => !PRODUCT_READS.has(name))).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts);
    const runs = named(/\bnpm run ([a-z][a-z0-9:-]*)/g);
    expect(runs.length).toBeGreaterThan(5);
    const missing = runs.filter(({ name }) => !scripts.includes(name));
    expect([...new Set(missing.map(({ doc, name }) => `${doc}: npm run ${name}`))]).toEqual([]);
  });

  it('name only molt commands the CLI has', () => {
    const verbs = named(/(?:`|npx |\$ )molt ([a-z][a-z-]*)(?![a-z-])(?! \(| \d)/g);
    expect(verbs.length).toBeGreaterThan(10);
    expect(COMMANDS.size).toBeGreaterThan(15);
    const unknown = verbs.filter(({ name }) => !COMMANDS.has(name));
    expect([...new Set(unknown.map(({ doc, name }) => `${doc}: molt ${name}`))]).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const [doc, body] of text) {
      for (const m of body.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? '').split('#')[0] ?? '';
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(resolve(dirname(join(root, doc)), decodeURIComponent(target))))
          broken.push(`${doc}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the sources', () => {
  it('name in comments and messages only variables something reads', () => {
    const declared = new Set(files.flatMap((f) => declaredOf(f.body)));
    const unread = files.flatMap((f) =>
      [...f.body.matchAll(new RegExp(`\\b(${OWN})\\b`, 'g'))]
        .map((m) => m[1] ?? '')
        .filter((name) => !READ.has(name) && !declared.has(name))
        .map((name) => `${f.path}: ${name}`),
    );
    expect([...new Set(unread)]).toEqual([]);
  });
});
