/**
 * The token-estimation corpus (docs/engine-rules.md#token-counting), written for molt (no third-party text), in two
 * sets kept apart (bench/README.md, "The estimator's corpus"):
 *
 * - tuning (`bench/corpus/`): the estimator's constants are fitted on these documents, and the
 *   estimator test holds every one within docs/engine-rules.md#token-counting's band. TUNING_ADDITION_KINDS widened the first set
 *   (CORPUS_KINDS) with chat, technical and multi-script registers it lacked.
 * - held out (`bench/corpus-held-out/`): never used for fitting, only reported
 *   (bench/estimator.bench.ts, bench/calibration.bench.ts) — the estimator's error on text it was
 *   not tuned on. A document read while tuning stops being held out: move it to `corpus/`.
 */
import { readFileSync } from 'node:fs';

export interface CorpusDocument {
  /** File name under its set's folder. */
  name: string;
  kind: string;
  text: string;
}

/** File name → kind: the first tuning set. */
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

/** Tuning documents added for issue 11 (registers the first set lacked); also under `corpus/`. */
export const TUNING_ADDITION_KINDS: Readonly<Record<string, string>> = {
  'chinese-chat.txt': 'Chinese group chat',
  'chinese-technical.txt': 'Chinese technical article with commands',
  'japanese-technical.txt': 'Japanese technical blog (katakana terms, code)',
  'korean-chat.txt': 'Korean messenger chat',
  'api-payloads.jsonl': 'JSON (compact webhook events: UUIDs, base64, JWTs, numbers)',
  'emoji-reactions.txt': 'emoji-heavy chat with reactions',
  'markdown-code-prose.md': 'Markdown README: prose, Go, SQL, shell',
  'russian-arabic-hindi.txt': 'Russian, Arabic and Hindi forum posts',
};

/** Held out: never fitted on (see above). */
export const HELD_OUT_KINDS: Readonly<Record<string, string>> = {
  'chinese-support-chat.txt': 'Chinese customer-support chat',
  'chinese-meeting-notes.txt': 'Chinese meeting notes with a table',
  'japanese-katakana-manual.txt': 'Japanese release notes (katakana-heavy)',
  'korean-informal-chat.txt': 'Korean gaming chat (jamo slang)',
  'graphql-geo-response.json': 'JSON (4-space GraphQL response: geo, vectors, base64)',
  'python-escaped-traces.jsonl': 'JSON (Python json.dumps: \\u escapes, nested trees, floats)',
  'telemetry-compact.json': 'JSON (minified telemetry: short keys, many numbers)',
  'emoji-family-chat.txt': 'Portuguese family chat (skin tones, ZWJ, flags)',
  'code-review-thread.md': 'code review thread (Rust diffs and prose)',
  'multiscript-messages.txt': 'Russian, Arabic, Hindi, Thai and Hebrew chats',
};

const CORPUS_DIR = new URL('./corpus/', import.meta.url);
const HELD_OUT_DIR = new URL('./corpus-held-out/', import.meta.url);

function load(kinds: Readonly<Record<string, string>>, dir: URL): CorpusDocument[] {
  return Object.entries(kinds).map(([name, kind]) => ({
    name,
    kind,
    text: readFileSync(new URL(name, dir), 'utf8'),
  }));
}

/** Every tuning document (the first set and the additions): each must stay within docs/engine-rules.md#token-counting's band. */
export function loadCorpus(): CorpusDocument[] {
  return [...load(CORPUS_KINDS, CORPUS_DIR), ...load(TUNING_ADDITION_KINDS, CORPUS_DIR)];
}

export function loadHeldOutCorpus(): CorpusDocument[] {
  return load(HELD_OUT_KINDS, HELD_OUT_DIR);
}
