/**
 * fast-check arbitraries for the HTTP fuzz suite, derived from the API's own schemas: the JSON
 * Schema of each route in /openapi.json (which the zod schemas generate) and, for a turn's
 * messages, `z.toJSONSchema` of the canonical message schema. The subset of JSON Schema those
 * use is small (objects, strings with lengths and patterns, integers and numbers with bounds,
 * booleans, enums and consts, arrays, anyOf/oneOf, nullable), so it is converted here; then
 * hostile mutations turn a valid value into one the API must refuse, field by field.
 */
import fc from 'fast-check';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is walked field by field
export type JsonSchema = Record<string, any>;

/** Odd but valid text: what a lossless API must take and give back as it is. */
export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udc00x',
    '\ufeff',
    '\u202e',
    '👩‍👩‍👧‍👦',
    '\\u0000',
    '𝓾𝓷𝓲𝓬𝓸𝓭𝓮',
    'ﷺ',
    '\r\n\t',
  ),
);

const BIG = 1e15;

/** Values valid under `schema` (best effort: formats and patterns included). */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return fc.oneof(...union.map((s: JsonSchema) => arbitraryOf(s, depth)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type: string) => arbitraryOf({ ...schema, type }, depth)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1e-6 : -BIG);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1e-6 : BIG);
      return schema.type === 'integer'
        ? fc.integer({
            min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
            max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
          })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
      }
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 1, arbitrary: oddText.filter((s) => s.length >= minLength && s.length <= maxLength) },
      );
    }
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, maxLength),
        maxLength,
      });
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      if (Object.keys(properties).length === 0) {
        return depth > 2
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      }
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = arbitraryOf(value, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path (list of keys) to a value inside `value`, the root included. */
function pathsOf(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (value !== null && typeof value === 'object' && prefix.length < 8) {
    for (const [key, child] of Object.entries(value)) pathsOf(child, [...prefix, key], out);
  }
  return out;
}

function setAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as object) };
  const [head, ...rest] = path;
  (copy as Record<string, unknown>)[head!] = setAt(
    (copy as Record<string, unknown>)[head!],
    rest,
    replacement,
  );
  return copy;
}

const deep = (levels: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** What a hostile client puts where a valid value was. */
const hostileValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, '', [], {}, '0', 'null', 'true'),
  fc.constantFrom(
    deep(2_000),
    Array.from({ length: 20_000 }, () => 0),
    'x'.repeat(2_000_000),
  ),
  fc.constantFrom({ __proto__: { polluted: true } }, JSON.parse('{"__proto__": {"polluted": true}}'), {
    constructor: { prototype: { polluted: true } },
  }),
  oddText,
  fc.jsonValue({ maxDepth: 3 }),
);

export interface Mutation {
  kind: 'replace' | 'unknown-key' | 'drop-required' | 'root';
  path: string[];
  value: unknown;
}

/** A body with one hostile change (a value replaced, a key added or dropped, or the whole body). */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: unknown; mutation: Mutation }> {
  return valid.chain((body) => {
    const paths = pathsOf(body);
    return fc.oneof(
      fc.record({ path: fc.constantFrom(...paths), value: hostileValue }).map(({ path, value }) => ({
        body: setAt(body, path, value),
        mutation: { kind: 'replace' as const, path, value },
      })),
      fc
        .record({
          path: fc.constantFrom(...paths.filter((p) => isObjectAt(body, p))),
          key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', '', '\u0000', 'toString'),
          value: hostileValue,
        })
        .map(({ path, key, value }) => ({
          body: withKey(body, path, key, value),
          mutation: { kind: 'unknown-key' as const, path: [...path, key], value },
        })),
      fc.constantFrom('not json', '[]', 'null', '"a string"', '{"a":').map((raw) => ({
        body: { __raw: raw },
        mutation: { kind: 'root' as const, path: [], value: raw },
      })),
    );
  });
}

function isObjectAt(value: unknown, path: readonly string[]): boolean {
  let at = value;
  for (const key of path) at = (at as Record<string, unknown>)?.[key];
  return at !== null && typeof at === 'object' && !Array.isArray(at);
}

function withKey(value: unknown, path: readonly string[], key: string, child: unknown): unknown {
  let target = value;
  for (const k of path) target = (target as Record<string, unknown>)[k];
  const updated = { ...(target as object) };
  Object.defineProperty(updated, key, { value: child, enumerable: true, configurable: true, writable: true });
  return setAt(value, path, updated);
}

/** Bad values for a path or query parameter (sent URL-encoded). */
export const hostileParam = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a b',
    '..',
    '../..',
    '%',
    '\u0000',
    '\ud800',
    'x'.repeat(5_000),
    '💥',
    '-1',
    'NaN',
    '1e999',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
