/**
 * The layers, enforced (issue 29): every import of every TypeScript file in the repository is
 * checked against the layer table in docs/layers.json — the one home of the table, which
 * docs/architecture.md#the-layers shows — with TypeScript's own parser (type-only imports told
 * apart, dynamic `import()` included). An import the table forbids fails with the file and the
 * edge; so does a file no layer claims, a package imported outside the layers allowed it, and an
 * import cycle inside the folders the table names acyclic.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage']);

interface Layer {
  name: string;
  paths: string[];
  mayImport: string[];
  mayImportTypes?: string[];
}
interface Table {
  layers: Layer[];
  packages: Record<string, string[]>;
  acyclic: string[];
}
const table: Table = JSON.parse(readFileSync(join(ROOT, 'docs/layers.json'), 'utf8'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

/** The layer of a repository path: its longest matching entry. */
function layerOf(path: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of table.layers) {
    for (const prefix of layer.paths) {
      const matches = prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix;
      if (matches && (!best || prefix.length > best.length)) best = { layer, length: prefix.length };
    }
  }
  return best?.layer;
}

interface Import {
  from: string;
  /** A repository path (relative imports) or a package name. */
  to: string;
  typeOnly: boolean;
  relative: boolean;
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every import, re-export and dynamic import of a file, by TypeScript's parser. */
function importsOf(path: string): Import[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (specifier.startsWith('.')) {
      const target = join(dirname(path), specifier).replace(/\.js$/, '.ts');
      found.push({ from: path, to: target, typeOnly, relative: true });
    } else if (!specifier.startsWith('node:')) {
      found.push({ from: path, to: packageOf(specifier), typeOnly, relative: false });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(ROOT);
const imports = files.flatMap(importsOf);

describe('the layer table', () => {
  it('names only layers it defines', () => {
    const names = new Set(table.layers.map((layer) => layer.name));
    const unknown = table.layers.flatMap((layer) =>
      [...layer.mayImport, ...(layer.mayImportTypes ?? [])]
        .filter((name) => name !== '*' && !names.has(name))
        .map((name) => `${layer.name} → ${name}`),
    );
    const packages = Object.entries(table.packages).flatMap(([pkg, layers]) =>
      layers.filter((name) => !names.has(name)).map((name) => `${pkg} → ${name}`),
    );
    expect([...unknown, ...packages]).toEqual([]);
  });

  it('claims every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((path) => !layerOf(path))).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('shows the layer table as docs/layers.json has it', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const list = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');
    const missing = table.layers
      .map((layer) => {
        const may =
          layer.mayImport[0] === '*' ? 'everything' : list(layer.mayImport) || 'nothing outside itself';
        return `| \`${layer.name}\` | ${list(layer.paths)} | ${may} | ${list(layer.mayImportTypes ?? []) || '—'} |`;
      })
      .filter((row) => !doc.includes(row));
    expect(missing).toEqual([]);
  });
});

describe('the import graph', () => {
  it('has no edge the layer table forbids', () => {
    const forbidden = imports
      .filter((edge) => edge.relative)
      .flatMap((edge) => {
        const from = layerOf(edge.from)!;
        const to = layerOf(edge.to);
        if (!to || to === from || from.mayImport.includes('*') || from.mayImport.includes(to.name)) return [];
        if (edge.typeOnly && from.mayImportTypes?.includes(to.name)) return [];
        const kind = edge.typeOnly ? 'types from ' : '';
        return [`${edge.from} (${from.name}) imports ${kind}${edge.to} (${to.name})`];
      });
    expect(forbidden).toEqual([]);
  });

  it('imports a restricted package only from the layers the table allows it', () => {
    const misplaced = imports
      .filter((edge) => !edge.relative && edge.to in table.packages)
      .filter((edge) => {
        const layer = layerOf(edge.from)!;
        return !layer.mayImport.includes('*') && !table.packages[edge.to]!.includes(layer.name);
      })
      .map((edge) => `${edge.from} (${layerOf(edge.from)!.name}) imports ${edge.to}`);
    expect(misplaced).toEqual([]);
  });

  it('has no route importing another route', () => {
    const routeToRoute = imports.filter(
      (edge) => edge.relative && edge.from.startsWith('api/routes/') && edge.to.startsWith('api/routes/'),
    );
    expect(routeToRoute.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it.each(table.acyclic)('has no import cycle in %s (type-only imports aside)', (folder) => {
    const graph = new Map<string, string[]>();
    for (const edge of imports) {
      if (!edge.relative || edge.typeOnly || !edge.from.startsWith(folder) || !edge.to.startsWith(folder))
        continue;
      graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
    }
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** Strongly connected components of more than one file (Tarjan), each as its sorted files. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return cycles;
}

describe('cyclesOf (the checker itself)', () => {
  it('finds a cycle and only a cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(new Map([['a', ['b']]]))).toEqual([]);
  });
});
