/**
 * The README and docs/ say only what is true of the code (issue 34 item 5): every environment
 * variable they name is read somewhere in the sources, every `npm run X` is a script, every
 * `molt <verb>` is a command of the CLI, and every relative link leads to a file that exists.
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
const code = sources(root)
  .filter((p) => !relative(root, p).startsWith('test/unit/readme-facts'))
  .map((p) => readFileSync(p, 'utf8'))
  .concat(readFileSync(join(root, 'docker-compose.yml'), 'utf8'))
  .join('\n');

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
