/**
 * Which tools' results the pruner may touch (docs/engine-rules.md#pruning, "Tool filter"). Names and
 * patterns are trimmed and lower-cased; `*` alone matches every name, a pattern without `*` is
 * exact, otherwise `*` stands for any run of characters and the pattern is anchored at both ends.
 * Deny wins over allow; an empty allow list allows every tool.
 */

type CompiledPattern = { kind: 'all' } | { kind: 'exact'; name: string } | { kind: 'glob'; regex: RegExp };

function normalize(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(patterns: readonly unknown[] | undefined): CompiledPattern[] {
  const compiled: CompiledPattern[] = [];
  for (const raw of patterns ?? []) {
    const pattern = normalize(raw);
    if (!pattern) continue;
    if (pattern === '*') compiled.push({ kind: 'all' });
    else if (!pattern.includes('*')) compiled.push({ kind: 'exact', name: pattern });
    else {
      const source = pattern.split('*').map(escapeRegExp).join('.*');
      compiled.push({ kind: 'glob', regex: new RegExp(`^${source}$`) });
    }
  }
  return compiled;
}

function matchesAny(name: string, patterns: readonly CompiledPattern[]): boolean {
  for (const pattern of patterns) {
    if (pattern.kind === 'all') return true;
    if (pattern.kind === 'exact' ? pattern.name === name : pattern.regex.test(name)) return true;
  }
  return false;
}

/** A predicate over tool names: true when that tool's results may be pruned. */
export function makeToolPrunablePredicate(
  match: { allow?: readonly string[]; deny?: readonly string[] } = {},
): (toolName: string) => boolean {
  const deny = compile(match.deny);
  const allow = compile(match.allow);
  if (deny.length === 0 && allow.length === 0) return () => true;
  return (toolName) => {
    const name = normalize(toolName);
    if (matchesAny(name, deny)) return false;
    return allow.length === 0 || matchesAny(name, allow);
  };
}
