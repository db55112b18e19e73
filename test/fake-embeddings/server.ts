/**
 * A fake OpenAI-compatible embeddings server (`POST /v1/embeddings`) for tests and benchmarks.
 * Deterministic: a text's vector is the sum of the CONCEPTS whose words it holds (English,
 * Chinese, Japanese) — so "Which IDE do I use?" and "My preferred code editor is Neovim" share the
 * `editor` concept with no shared word — plus a small hashed bag of its words, so texts without a
 * concept are not all the same vector. On command it fails (500), stalls (answers nothing until
 * released or closed) or answers vectors of the wrong dimension.
 *
 *   const fake = await startFakeEmbeddings();
 *   fake.setBehaviour('fail500');            // every call until changed
 *   fake.model = ...                         // the vectors depend only on the text
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeEmbeddingsBehaviour = 'succeed' | 'fail500' | 'stall' | 'wrongDims';

/** Concepts and the words (or CJK substrings) that evoke them. */
export const CONCEPTS: Record<string, string[]> = {
  editor: ['editor', 'ide', 'vim', 'neovim', 'emacs', 'vscode', 'helix', 'sublime', '编辑器', 'エディタ'],
  pet: ['pet', 'dog', 'cat', 'puppy', 'kitten', 'animal', '猫', '狗', '宠物', 'ペット'],
  food: [
    'food',
    'eat',
    'meal',
    'dish',
    'cuisine',
    'lunch',
    'dinner',
    'sushi',
    'pizza',
    'ramen',
    '吃',
    '菜',
    '料理',
  ],
  drink: ['drink', 'coffee', 'tea', 'espresso', 'latte', 'beverage', '茶', '咖啡', 'コーヒー'],
  home: [
    'live',
    'city',
    'hometown',
    'based',
    'reside',
    'lisbon',
    'berlin',
    'tokyo',
    'apartment',
    '住',
    '城市',
  ],
  work: ['work', 'job', 'employer', 'company', 'office', 'colleague', 'career', '工作', '公司', '会社'],
  language: ['language', 'python', 'rust', 'typescript', 'golang', 'java', 'programming', '语言', '言語'],
  database: ['database', 'postgres', 'postgresql', 'mysql', 'sqlite', 'db', 'sql', '数据库'],
  schedule: [
    'deadline',
    'meeting',
    'date',
    'when',
    'schedule',
    'monday',
    'friday',
    'march',
    'calendar',
    '日期',
    '会议',
  ],
  music: ['music', 'song', 'band', 'listen', 'jazz', 'guitar', 'piano', 'concert', '音乐', '音楽'],
  sport: [
    'sport',
    'run',
    'running',
    'marathon',
    'climb',
    'climbing',
    'hike',
    'hiking',
    'exercise',
    'gym',
    'swim',
    '运动',
  ],
  family: [
    'family',
    'sister',
    'brother',
    'mother',
    'father',
    'daughter',
    'son',
    'wife',
    'husband',
    'kids',
    '家人',
  ],
  travel: ['travel', 'trip', 'flight', 'vacation', 'holiday', 'visit', 'airport', '旅行'],
  health: ['allergy', 'allergic', 'doctor', 'medicine', 'health', 'peanut', 'diet', 'vegetarian', '过敏'],
  style: [
    'indent',
    'indentation',
    'tabs',
    'spaces',
    'semicolon',
    'semicolons',
    'format',
    'formatting',
    'lint',
    '缩进',
  ],
  name: ['name', 'called', 'nickname', '名字', '叫'],
  contact: ['email', 'phone', 'address', 'contact', 'reach', '邮箱', '电话'],
  os: ['os', 'linux', 'macos', 'windows', 'ubuntu', 'laptop', 'machine', 'computer', '电脑'],
  book: ['book', 'read', 'reading', 'novel', 'author', '书', '小说'],
  car: ['car', 'drive', 'driving', 'vehicle', 'bike', 'bicycle', 'commute', '车'],
};
const CONCEPT_NAMES = Object.keys(CONCEPTS);
const HASH_DIMS = 32;
export const FAKE_EMBEDDING_DIMS = CONCEPT_NAMES.length + HASH_DIMS;

function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The deterministic vector of a text (not normalised; molt normalises). */
export function fakeEmbedding(text: string, dims = FAKE_EMBEDDING_DIMS): number[] {
  const lower = text.normalize('NFKC').toLowerCase();
  const words = lower.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const wordSet = new Set(words);
  const vector: number[] = new Array<number>(FAKE_EMBEDDING_DIMS).fill(0);
  CONCEPT_NAMES.forEach((concept, i) => {
    for (const cue of CONCEPTS[concept]!) {
      const cjk = /[^ -~]/.test(cue);
      if (cjk ? lower.includes(cue) : wordSet.has(cue)) vector[i]! += 1;
    }
  });
  for (const word of words) vector[CONCEPT_NAMES.length + (fnv(word) % HASH_DIMS)]! += 0.15;
  if (!vector.some((v) => v !== 0)) vector[CONCEPT_NAMES.length] = 0.01;
  return dims === FAKE_EMBEDDING_DIMS ? vector : vector.slice(0, dims);
}

export interface FakeEmbeddings {
  /** `http://127.0.0.1:{port}/v1`: the MOLT_EMBEDDINGS_BASE_URL to give molt. */
  readonly baseUrl: string;
  /** Requests received and texts embedded (successful or not). */
  readonly stats: { requests: number; texts: number };
  /** Every text received, in order (a test counts its own among other tests' backfills). */
  readonly received: readonly string[];
  setBehaviour(behaviour: FakeEmbeddingsBehaviour): void;
  /** Answers every stalled request; returns how many there were. */
  releaseStalled(): number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export async function startFakeEmbeddings(
  options: { behaviour?: FakeEmbeddingsBehaviour; latencyMs?: number } = {},
): Promise<FakeEmbeddings> {
  let behaviour = options.behaviour ?? 'succeed';
  const stats = { requests: 0, texts: 0 };
  const received: string[] = [];
  const stalled = new Set<() => void>();

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (request.method !== 'POST' || path !== '/v1/embeddings') {
        return sendJson(response, 404, { error: { message: `no route ${request.method} ${path}` } });
      }
      let body: { input?: unknown; model?: string };
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        return sendJson(response, 400, { error: { message: 'request body is not JSON' } });
      }
      const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
      stats.requests += 1;
      stats.texts += inputs.length;
      received.push(...inputs);
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      const current = behaviour;
      if (current === 'fail500')
        return sendJson(response, 500, { error: { message: 'the fake embedder fails' } });
      const answer = (dims: number) =>
        sendJson(response, 200, {
          object: 'list',
          model: body.model ?? 'fake-embed',
          data: inputs.map((text, index) => ({
            object: 'embedding',
            index,
            embedding: fakeEmbedding(text, dims),
          })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        });
      if (current === 'stall') {
        stalled.add(() => answer(FAKE_EMBEDDING_DIMS));
        return;
      }
      answer(current === 'wrongDims' ? FAKE_EMBEDDING_DIMS - 7 : FAKE_EMBEDDING_DIMS);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    stats,
    received,
    setBehaviour(next) {
      behaviour = next;
    },
    releaseStalled() {
      const n = stalled.size;
      for (const release of stalled) release();
      stalled.clear();
      return n;
    },
    async close() {
      for (const release of stalled) release();
      stalled.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
