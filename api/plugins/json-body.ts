/**
 * The API's JSON body parser (issue 19 items 8 and 9), replacing Fastify's:
 * - a number the body states beyond what a double holds (a 20-digit integer, 17+ significant
 *   digits, an exponent that overflows) is refused with a 400 naming its field — JSON.parse would
 *   round it and molt would store and send back another number;
 * - nesting deeper than MAX_JSON_DEPTH is refused with a 400 (4,100 levels used to reach code
 *   that recurses, and answered 500);
 * - `__proto__` and `constructor` are ordinary keys: JSON.parse makes them own properties (never a
 *   prototype), and they are stored like any other key (they used to be refused as "not valid JSON").
 * One pass over the text; strings are skipped with indexOf, so the cost is a fraction of parsing.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** Deeper than any real message (tool arguments nest a few dozen levels at most). */
export const MAX_JSON_DEPTH = 512;

const LONG_NUMBER = /\d[\d.]{15,}|[eE][+-]?\d{3,}/;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A number literal's exact decimal value as `digits e exponent` (no sign for zero), or null. */
function decimalOf(literal: string): string | null {
  const match = NUMBER.exec(literal);
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  if (digits === '') return '0';
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/** True when JSON.parse reads the literal as exactly the number it states. */
export function isExactNumber(literal: string): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return false;
  const stated = decimalOf(literal);
  return stated !== null && stated === decimalOf(String(value).replace('e+', 'e'));
}

type Frame = { kind: 'object'; key: string } | { kind: 'array'; index: number };

function pathOf(stack: readonly Frame[]): string {
  const key = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);
  return [
    'body',
    ...stack.map((frame) => (frame.kind === 'object' ? key(frame.key) : String(frame.index))),
  ].join('.');
}

/** The first problem of a JSON text that JSON.parse accepted: too deep, or an inexact number. */
export function jsonProblem(text: string): { path: string; message: string } | null {
  const checkNumbers = LONG_NUMBER.test(text);
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      for (;;) {
        end = text.indexOf('"', end);
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        end += 1;
      }
      const top = stack.at(-1);
      if (expectKey && top?.kind === 'object' && checkNumbers) top.key = JSON.parse(text.slice(i, end + 1));
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push(c === 0x7b ? { kind: 'object', key: '' } : { kind: 'array', index: 0 });
      expectKey = c === 0x7b;
      if (stack.length > MAX_JSON_DEPTH) {
        return { path: 'body', message: `nested deeper than ${MAX_JSON_DEPTH} levels` };
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = stack.at(-1);
      if (top?.kind === 'array') top.index += 1;
      expectKey = top?.kind === 'object';
    } else if (c === 0x3a /* : */) {
      expectKey = false;
    } else if (checkNumbers && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
      let end = i + 1;
      while (end < text.length && /[\d.eE+-]/.test(text[end]!)) end++;
      const literal = text.slice(i, end);
      if (!isExactNumber(literal)) {
        return {
          path: pathOf(stack),
          message: `the number ${literal.length > 40 ? `${literal.slice(0, 40)}…` : literal} is beyond double precision (it would be stored rounded): send it as a string`,
        };
      }
      i = end - 1;
    }
  }
  return null;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(
        new ApiError(400, 'invalid_request', 'body: empty, but content-type is application/json'),
        undefined,
      );
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new ApiError(400, 'invalid_request', 'body: not valid JSON'), undefined);
      return;
    }
    const problem = jsonProblem(text);
    if (problem) {
      const message = `${problem.path}: ${problem.message}`;
      done(new ApiError(400, 'invalid_request', message, [problem]), undefined);
      return;
    }
    done(null, value);
  });
}
