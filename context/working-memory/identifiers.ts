/**
 * Exact identifiers for the working memory — ids, hosts, regions, versions, paths, URLs, ticket
 * numbers — taken verbatim from what the user wrote and what tools returned, and text clipping that
 * never cuts inside a token (a line cut at 160 chars once turned `heron-staging-db` into `heron-st`;
 * the cut is `clipAtWord` in digest/message-text.ts).
 */
import { extractIdentifiers, isCredentialShaped } from '../digest/summary-quality.js';
import { MAX_IDENTIFIER_CHARS } from './model.js';

/** Shapes an identifier has besides the quality check's (URLs, UUIDs, hashes, paths, host:port). */
const EXTRA_PATTERNS: readonly RegExp[] = [
  // `quoted-in-backticks` tokens: the user marking something as exact.
  /`([^`\s]{3,200})`/g,
  // versions: v1.2, 1.2.3(-rc.1), pkg@1.2.3
  /(?<![\w.@-])v\d+(?:\.\d+)+(?:[-+][\w.]+)?(?![\w.-]*\w)/g,
  /(?<![\w.@-])\d+\.\d+\.\d+(?:[-+][\w.]+)?(?![\w.-]*\w)/g,
  /(?<![\w@/-])[@a-z0-9][\w./-]*@\d[\w.-]*\w/gi,
  // dotted host names: db.internal.example.com
  /(?<![\w.@/-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+\.(?:com|net|org|io|dev|internal|local|cloud|app|ai|co|sh|svc|cluster)(?![\w.-]*\w)/gi,
  // ticket and incident ids: INC-4521, PROJ-12
  /(?<![\w-])[A-Z][A-Z0-9]{1,9}-\d+(?![\w-])/g,
  // kebab names holding a digit (eu-west-3, pr-1234) or of three parts or more (heron-staging-db)
  /(?<![\w./@-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/@-]|\.\w)/g,
];

/** Kebab words of ordinary prose that are not identifiers. */
const PROSE_KEBAB: ReadonlySet<string> = new Set([
  'up-to-date',
  'state-of-the-art',
  'end-to-end',
  'out-of-the-box',
  'day-to-day',
  'one-to-one',
  'step-by-step',
  'well-known',
  'built-in',
  'follow-up',
  'follow-ups',
  'read-only',
  'long-running',
]);

function isKebabCandidate(value: string): boolean {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(value)) return true; // not a kebab match
  if (PROSE_KEBAB.has(value)) return false;
  return /\d/.test(value) || value.split('-').length >= 3;
}

const TRAILING = /[)\]"'`,;:.!?<>]+$/;
/** A whitespace-free run longer than this is not scanned for identifiers. */
const MAX_SCANNED_TOKEN_CHARS = MAX_IDENTIFIER_CHARS + 56;

/**
 * Identifiers in a text, verbatim, first seen first, without duplicates; a value inside a longer
 * kept one (a host inside its URL) is left out since the longer one carries it. Credentials are
 * never returned (the quality check's rules).
 */
export function findIdentifiers(raw: string, options: { paths?: boolean } = {}): string[] {
  // Identifiers hold no whitespace and are short: longer runs (blobs, minified code) are skipped,
  // which also keeps every pattern's work linear in the text.
  const text = raw
    .split(/(\s+)/)
    .map((token) => (token.length > MAX_SCANNED_TOKEN_CHARS ? ' ' : token))
    .join('');
  const found: string[] = [];
  for (const value of extractIdentifiers(text)) {
    if (options.paths === false && value.includes('/') && !value.includes('://')) continue;
    found.push(value);
  }
  for (const pattern of EXTRA_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = (match[1] ?? match[0]).replace(TRAILING, '');
      if (value.length < 3 || !isKebabCandidate(value)) continue;
      if (options.paths === false && value.includes('/') && !value.includes('://')) continue;
      // A backticked token is checked like the rest: no credentials through the back door.
      if (isCredentialShaped(value)) continue;
      found.push(value);
    }
  }
  const kept: string[] = [];
  for (const value of found) {
    if (value.length > MAX_IDENTIFIER_CHARS || /\s/.test(value)) continue;
    if (kept.some((other) => other === value || other.includes(value))) continue;
    for (let i = kept.length - 1; i >= 0; i--) if (value.includes(kept[i]!)) kept.splice(i, 1);
    kept.push(value);
  }
  return kept;
}
