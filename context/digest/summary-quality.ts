/**
 * The quality check of a merged summary (docs/engine-rules.md#staged-summarization): every required section, the recent
 * messages' exact identifiers (never credentials) and the latest ask must be in it, or the merge
 * gets one corrective retry.
 */
import type { Message } from '../messages.js';
import { extractReferencedPaths } from './files.js';
import { capText, collapseWhitespace, messageText, safeJson, toolCallsOf } from './message-text.js';
import { SUMMARY_SECTION_HEADINGS } from './summary.js';

/** The quality check looks for at most this many identifiers from the recent messages. */
export const MAX_CHECKED_IDENTIFIERS = 12;
/** The latest ask is compared on at most this many of its words. */
export const MAX_ASK_WORDS = 12;

/** Secrets must never be demanded back into a summary. */
const CREDENTIAL_PREFIXES = [
  'sk-',
  'pk-',
  'rk-',
  'sk_live_',
  'sk_test_',
  'pk_live_',
  'pk_test_',
  'whsec_',
  'xoxb-',
  'xoxp-',
  'xoxa-',
  'xoxs-',
  'ghp_',
  'gho_',
  'ghs_',
  'ghu_',
  'github_pat_',
  'glpat-',
  'akia',
  'asia',
  'eyj',
  'bearer',
];
const CREDENTIAL_URL_PARAM =
  /[?&](?:token|access_token|api_key|apikey|secret|password|auth|key|credential)=/i;
const IDENTIFIER_PATTERNS: readonly RegExp[] = [
  /https?:\/\/[^\s<>"'`)\]]+/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b[0-9a-f]{8,}\b/gi,
  /(?<![\w.])\/[\w.-]{2,}(?:\/[\w.-]+)+/g,
  /(?<![\w./-])[a-z0-9][a-z0-9.-]*:\d{2,5}\b/gi,
  /\b\d{6,}\b/g,
];

/** A token that looks like a secret (API keys, tokens, credentials in a URL): never kept. */
export function isCredentialShaped(value: string): boolean {
  const lower = value.toLowerCase();
  if (CREDENTIAL_PREFIXES.some((prefix) => lower.startsWith(prefix))) return true;
  return lower.startsWith('http') && CREDENTIAL_URL_PARAM.test(value);
}

function cleanIdentifier(value: string): string {
  return value.replace(/^[("'`[{<]+/, '').replace(/[)\]"'`,;:.!?<>]+$/, '');
}

/** Exact identifiers in a text: URLs, UUIDs, hashes, absolute paths, files, host:port, long numbers. */
export function extractIdentifiers(text: string): string[] {
  const found: string[] = [];
  const secretsRemoved = text
    .split(/\s+/)
    .filter((token) => !isCredentialShaped(cleanIdentifier(token)))
    .join(' ');
  for (const pattern of IDENTIFIER_PATTERNS) {
    for (const match of secretsRemoved.matchAll(pattern)) found.push(cleanIdentifier(match[0]));
  }
  found.push(...extractReferencedPaths(secretsRemoved));
  const unique: string[] = [];
  for (const value of found) {
    if (value.length < 4 || isCredentialShaped(value)) continue;
    if (unique.some((kept) => kept === value || kept.includes(value))) continue;
    unique.push(value);
  }
  return unique;
}

function summaryKeeps(summary: string, identifier: string): boolean {
  if (/^[0-9a-f-]+$/i.test(identifier)) return summary.toLowerCase().includes(identifier.toLowerCase());
  return summary.includes(identifier);
}

const STOP_WORDS: ReadonlySet<string> = new Set([
  'the',
  'and',
  'for',
  'with',
  'that',
  'this',
  'these',
  'those',
  'from',
  'into',
  'onto',
  'please',
  'can',
  'could',
  'would',
  'should',
  'you',
  'your',
  'our',
  'are',
  'was',
  'were',
  'have',
  'has',
  'had',
  'will',
  'just',
  'also',
  'then',
  'than',
  'what',
  'when',
  'where',
  'which',
  'who',
  'how',
  'why',
  'now',
  'let',
  'lets',
  'make',
  'sure',
  'need',
  'want',
  'about',
  'some',
  'any',
  'all',
  'not',
  'but',
  'use',
  'there',
  'here',
  'its',
  'them',
  'they',
  'thanks',
  'thank',
  'okay',
  'yes',
  'out',
  'get',
  'got',
  'one',
  'too',
  'very',
  'more',
  'like',
]);
const CJK = /[\u2e80-\u9fff\ua000-\ua4ff\uac00-\ud7af\uf900-\ufaff]/u;

/** Lower-cased content words; CJK runs become overlapping character pairs (they have no spaces). */
function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}_]+/gu)) {
    const word = match[0];
    if (CJK.test(word)) {
      const chars = Array.from(word);
      if (chars.length === 1) words.push(word);
      for (let i = 0; i + 1 < chars.length; i++) words.push(chars[i]! + chars[i + 1]!);
    } else if (word.length >= 3 && !STOP_WORDS.has(word)) {
      words.push(word);
    }
  }
  return words;
}

export interface SummaryQuality {
  ok: boolean;
  problems: string[];
}

/**
 * Checks an LLM summary before it is accepted: the five headings are there, exact identifiers from
 * the recent user and assistant messages are kept, and the latest user ask is reflected (two of its
 * content words, or one when it has fewer than three). A failure triggers one corrective retry.
 */
export function checkSummaryQuality(summary: string, recentMessages: readonly Message[]): SummaryQuality {
  const problems: string[] = [];
  const lines = new Set(summary.split(/\r?\n/).map((line) => line.trim().toLowerCase()));
  for (const heading of SUMMARY_SECTION_HEADINGS) {
    if (!lines.has(heading.toLowerCase())) problems.push(`missing heading "${heading}"`);
  }

  const identifiers: string[] = [];
  for (let i = recentMessages.length - 1; i >= 0 && identifiers.length < MAX_CHECKED_IDENTIFIERS; i--) {
    const message = recentMessages[i];
    if (!message || (message.role !== 'user' && message.role !== 'assistant')) continue;
    const text = [messageText(message), ...toolCallsOf(message).map((call) => safeJson(call.arguments))].join(
      '\n',
    );
    for (const identifier of extractIdentifiers(text)) {
      if (identifiers.length >= MAX_CHECKED_IDENTIFIERS) break;
      if (!identifiers.includes(identifier)) identifiers.push(identifier);
    }
  }
  const lost = identifiers.filter((identifier) => !summaryKeeps(summary, identifier));
  if (lost.length > 0) problems.push(`exact identifiers missing: ${lost.slice(0, 5).join(', ')}`);

  const latestAsk = [...recentMessages]
    .reverse()
    .find((message) => message?.role === 'user' && collapseWhitespace(messageText(message)).length > 0);
  if (latestAsk) {
    const askWords = [...new Set(contentWords(messageText(latestAsk)))].slice(0, MAX_ASK_WORDS);
    if (askWords.length > 0) {
      const summaryWords = new Set(contentWords(summary));
      const overlap = askWords.filter((word) => summaryWords.has(word)).length;
      const required = askWords.length >= 3 ? 2 : 1;
      if (overlap < required) {
        problems.push(
          `latest user ask not reflected: "${capText(collapseWhitespace(messageText(latestAsk)), 120)}"`,
        );
      }
    }
  }
  return { ok: problems.length === 0, problems };
}
