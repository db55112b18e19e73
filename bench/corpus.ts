/**
 * The token-estimation corpus (ALGORITHMS.md §2): one realistic document per kind of text an
 * agent's context holds, written for molt (no third-party text). The estimator test and
 * bench/estimator.bench.ts both measure every document listed here against o200k.
 */
import { readFileSync } from 'node:fs';

export interface CorpusDocument {
  /** File name under bench/corpus/. */
  name: string;
  kind: string;
  text: string;
}

/** File name → kind. Every document must stay within §2's error band. */
export const CORPUS_KINDS: Readonly<Record<string, string>> = {
  'english-prose.txt': 'English prose',
  'typescript-source.ts.txt': 'TypeScript source',
  'python-source.py': 'Python source',
  'api-response.json': 'JSON (pretty-printed API response)',
  'tool-arguments.jsonl': 'JSON (serialised tool call arguments)',
  'server-logs.log.txt': 'logs',
  'chinese.txt': 'Chinese',
  'japanese.txt': 'Japanese',
  'korean.txt': 'Korean',
  'emoji-chat.txt': 'emoji-heavy chat',
  'european-languages.txt': 'French, German, Spanish, Russian, Greek',
};

const CORPUS_DIR = new URL('./corpus/', import.meta.url);

export function loadCorpus(): CorpusDocument[] {
  return Object.entries(CORPUS_KINDS).map(([name, kind]) => ({
    name,
    kind,
    text: readFileSync(new URL(name, CORPUS_DIR), 'utf8'),
  }));
}
