/**
 * `molt demo`: an ephemeral stack (in-memory Temporal dev server, embedded PGlite in a temporary
 * directory, worker, API) and a bundled long agent session played through the HTTP API. It then
 * tells the session's story: the thresholds crossed, every compaction, the summary with its TODOs,
 * files and tool failures, the memories extracted for the next session, and the tokens saved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import {
  type Answer,
  answered,
  createMoltClient,
  type SessionResponse,
  type TurnBody,
} from '../client/index.js';
import type { MoltConfig } from './config.js';
import { DEMO_USER, memoryTurns, tellMemoryStory } from './demo-memory.js';
import { demoSession } from './demo-session.js';
import { startStack } from './dev.js';
import { SETTLE_TIMEOUT_MS, until } from './poll.js';

export interface DemoOptions {
  turns?: number;
  contextWindowTokens?: number;
}

export const DEMO_TURNS = 40;
export const DEMO_WINDOW_TOKENS = 32_000;

/** One compaction in full, as GET /v1/compactions/{compactionId} answers it. */
type CompactionDetail = Answer<'/v1/compactions/{compactionId}', 'get', 200>;

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const num = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');

function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

/**
 * The demo's last words. Its stack is stopped and its data deleted once they are printed, so
 * they name no URL of it: they say how to get a stack that stays and what to look at there.
 */
export const DEMO_EPILOGUE =
  'The demo stack is stopped and its data deleted. To keep one running: `npx molt dev`, then post ' +
  'turns to http://127.0.0.1:8420 and read a session with `npx molt sessions show <id>`, its Temporal ' +
  'history with `npx molt history <id>`, and the API at http://127.0.0.1:8420/docs.';

export async function runDemo(baseConfig: MoltConfig, options: DemoOptions = {}): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'molt-demo-'));
  const config: MoltConfig = {
    ...baseConfig,
    MOLT_DATA_DIR: dataDir,
    MOLT_API_PORT: 0,
    MOLT_LOG_LEVEL: 'error', // the demo's own output tells the story
  };
  const log = (line: string) => console.error(line);
  console.log('molt demo — starting an ephemeral stack (Temporal dev server, embedded PGlite, worker, API)…');
  const stack = await startStack(config, { persistent: false, ui: false, log });
  try {
    const molt = createMoltClient({
      baseUrl: stack.apiUrl,
      ...(config.MOLT_BOOTSTRAP_API_KEY ? { apiKey: config.MOLT_BOOTSTRAP_API_KEY } : {}),
      timeoutMs: SETTLE_TIMEOUT_MS,
    });
    const session = () => molt.getSession(sessionId);
    const sessionId = `demo-${Date.now().toString(36)}`;
    const turns = [...memoryTurns(), ...demoSession(options.turns ?? DEMO_TURNS)];
    const window = options.contextWindowTokens ?? DEMO_WINDOW_TOKENS;
    console.log(`API ${stack.apiUrl} · session ${sessionId} · context window ${num(window)} tokens`);
    console.log(
      `Summarizer: ${process.env.MOLT_LLM_PROVIDER || 'extractive'} · playing ${turns.length} agent turns…\n`,
    );

    const events: string[] = [];
    let previous: SessionResponse | null = null;
    const bar = new SingleBar({
      format: '  {bar} {value}/{total} turns · live {live} tokens ({ratio} of the window)',
      barsize: 30,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    });
    bar.start(turns.length, 0, { live: 0, ratio: '0.0%' });
    for (const [i, turn] of turns.entries()) {
      const posted = await molt.postTurn(sessionId, {
        ...(turn as TurnBody),
        contextWindowTokens: window,
        ...(i === 0 ? { userId: DEMO_USER } : {}),
      });
      const view = await until('the session', session, (v) => v.lastSeq >= posted.turn.toSeq);
      events.push(...describeChange(i + 1, previous, view));
      previous = view;
      bar.update(i + 1, { live: num(view.liveTokens), ratio: pct(view.ratio) });
    }
    bar.stop();

    // Let the last background compaction finish before telling the story.
    const settled = await until('the last compaction', session, (v) => v.upload?.status !== 'running');
    events.push(...describeChange(turns.length, previous, settled));

    console.log('\n▌ Thresholds crossed');
    console.log(events.length > 0 ? events.map((e) => `  ${e}`).join('\n') : '  (none: try more turns)');

    const list = await answered(
      molt.api.GET('/v1/compactions', { params: { query: { sessionId, limit: 200 } } }),
    );
    const compactions: CompactionDetail[] = [];
    for (const item of [...list.items].reverse()) {
      const params = { path: { compactionId: item.id } };
      compactions.push(await answered(molt.api.GET('/v1/compactions/{compactionId}', { params })));
    }
    console.log('\n▌ Compactions');
    for (const c of compactions) {
      const levels = c.chunks.map((chunk) => chunk.level ?? '-').join(',');
      console.log(
        `  ${c.trigger.padEnd(9)} seq ${c.fromSeq}–${c.toSeq}  ${num(c.tokensBefore)} → ${num(c.tokensAfter)} tokens  ` +
          `${c.chunks.length} chunk(s) [levels ${levels}]  ${c.status}`,
      );
    }

    const latest = compactions.filter((c) => c.summary).at(-1);
    if (latest) {
      console.log(`\n▌ The summary in force (${latest.id})`);
      const text = latest.summary ?? '';
      const shown =
        text.length > 2_400 ? `${text.slice(0, 2_400)}\n… (${num(text.length)} chars in all)` : text;
      console.log(indent(shown));
      console.log('\n▌ TODOs');
      console.log(
        latest.todos.length > 0
          ? latest.todos.map((t) => `  [${t.status === 'done' ? 'x' : ' '}] ${t.text}`).join('\n')
          : '  (none)',
      );
      console.log('\n▌ Files');
      console.log(`  read:       ${latest.files.read.join(', ') || '(none)'}`);
      console.log(`  modified:   ${latest.files.modified.join(', ') || '(none)'}`);
      console.log(`  referenced: ${latest.files.referenced.slice(0, 8).join(', ') || '(none)'}`);
      console.log('\n▌ Tool failures');
      console.log(
        latest.toolFailures.length > 0
          ? latest.toolFailures
              .map((f) => `  ${f.toolName}${f.meta ? ` (${f.meta})` : ''}: ${f.summary}`)
              .join('\n')
          : '  (none)',
      );
    }

    await tellMemoryStory(molt, sessionId);

    const context = await molt.getContext(sessionId);
    const transcriptTokens: number = settled.transcript.tokens;
    console.log('\n▌ Tokens');
    console.log(`  whole transcript (kept in PostgreSQL)   ${num(transcriptTokens)}`);
    console.log(`  context the agent sends next           ${num(context.estimatedTokens)}`);
    console.log(
      `  saved on the next call                 ${num(transcriptTokens - context.estimatedTokens)} ` +
        `(${pct(1 - context.estimatedTokens / Math.max(1, transcriptTokens))})`,
    );
    console.log(`\n${DEMO_EPILOGUE}`);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lines for what changed between two views of the session. */
function describeChange(turn: number, before: SessionResponse | null, after: SessionResponse): string[] {
  const lines: string[] = [];
  const at = `turn ${String(turn).padStart(3)}`;
  const now = `(live context now ${pct(after.ratio)})`;
  const upload = after.upload;
  const previousUpload = before?.upload;
  if (upload && upload.compactionId !== previousUpload?.compactionId) {
    lines.push(
      `${at}  ≥ ${pct(after.thresholds.upload)}: background compaction of seq ${upload.fromSeq}–${upload.toSeq} started; the turn did not wait ${now}`,
    );
  }
  if (upload?.forced && !(previousUpload?.compactionId === upload.compactionId && previousUpload.forced)) {
    lines.push(
      `${at}  ≥ ${pct(after.thresholds.force)}: seq ${upload.fromSeq}–${upload.toSeq} cleaned out of the live context before its summary was ready ${now}`,
    );
  }
  if (after.summary && after.summary.compactionId !== before?.summary?.compactionId) {
    lines.push(
      `${at}  summary of seq ≤ ${after.summary.toSeq} in force: ${num(after.summary.tokens)} tokens ${now}`,
    );
  }
  if (after.breaker.state !== (before?.breaker.state ?? 'closed')) {
    lines.push(`${at}  circuit breaker ${after.breaker.state}: ${after.breaker.lastError ?? ''}`);
  }
  return lines;
}
