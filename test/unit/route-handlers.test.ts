/**
 * Route handlers map HTTP to the application layer's flows (api/ingest/, api/assembly/,
 * api/control/) and back: none is longer than MAX_HANDLER_LINES (issue 29: GET /context was 142
 * lines and POST /turns 108 while the median handler was 12). Read with TypeScript's parser:
 * every `app.<method>(path, …, handler)` in api/routes/, the handler's lines counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROUTES = fileURLToPath(new URL('../../api/routes/', import.meta.url));
const MAX_HANDLER_LINES = 30;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'route']);

interface Handler {
  route: string;
  lines: number;
}

function handlersOf(file: string): Handler[] {
  const text = readFileSync(join(ROUTES, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Handler[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      METHODS.has(node.expression.name.text) &&
      node.arguments.length >= 2 &&
      ts.isStringLiteralLike(node.arguments[0]!)
    ) {
      const handler = node.arguments.at(-1)!;
      if (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler)) {
        const start = source.getLineAndCharacterOfPosition(handler.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(handler.getEnd()).line;
        found.push({
          route: `${node.expression.name.text.toUpperCase()} ${node.arguments[0].text} (${file})`,
          lines: end - start + 1,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const handlers = readdirSync(ROUTES)
  .filter((file) => file.endsWith('.ts'))
  .flatMap(handlersOf);

describe('route handlers', () => {
  it('are found (the reader sees the routes)', () => {
    expect(handlers.length).toBeGreaterThan(30);
  });

  it(`are at most ${MAX_HANDLER_LINES} lines each: the work is in a flow`, () => {
    const long = handlers
      .filter((handler) => handler.lines > MAX_HANDLER_LINES)
      .map((handler) => `${handler.route}: ${handler.lines} lines`);
    expect(long).toEqual([]);
  });
});
