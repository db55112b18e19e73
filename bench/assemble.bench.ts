/**
 * Benchmark of the assemble pipeline behind `GET /context` (repair → history limit → prune →
 * truncate → estimate) on synthetic sessions of 50K, 200K and 1M tokens, built by a seeded
 * generator (prose, code, JSON, big logs, CJK). Each size is measured in four scenarios:
 *
 * - `prune`: the window is as large as the session and no cache touch is known, so every stage
 *   is evaluated (soft trim, then hard clear if still needed, truncation) — the worst case;
 * - `warm`: the window is twice the session and the cache is warm, so pruning is skipped — the
 *   common case;
 * - `…+stored`: the same with the per-message token counts the API stores at ingest
 *   (`knownTokens`), so only messages the pipeline changes are estimated again.
 *
 * Beside each, a floor measured in the same run: one pass over every UTF-16 unit of all text
 * (summing char codes), the least any estimate of the context has to do. Targets: 200K tokens
 * in ≤ 5 ms median and ≤ 5× the floor (reported per scenario); cost linear in size (ms per 100K
 * tokens reported).
 *
 * Run: `npx tsx bench/assemble.bench.ts` — prints one JSON object. `run()` returns it.
 */
import { pathToFileURL } from 'node:url';
import { assembleContext } from '../context/assemble.js';
import type { AssistantMessage, Message, ToolResultMessage } from '../context/messages.js';
import { estimateMessagesTokens, estimateMessageTokens } from '../context/tokens/index.js';
import { SeededText } from './seeded-text.js';

const SIZES = [50_000, 200_000, 1_000_000] as const;
const TARGET_MS_AT_200K = 5;
const TARGET_FLOOR_MULTIPLE = 5;
const NOW = 1_700_000_000_000;

const WORDS =
  'the context window fills with tool output long before the useful conversation is over so the engine trims old results keeps recent turns and summarises history without losing decisions identifiers or pending work'.split(
    ' ',
  );
const CJK =
  '上下文窗口压缩方案一切都是为了效果与省钱工具调用结果越来越多会话历史摘要保留关键信息ツールの結果を要約する대화기록을압축합니다';
const CODE_LINES = [
  'export function pruneContextMessages(params: PruneContextParams): Message[] {',
  '  const { messages, settings, contextWindowTokens } = params;',
  '  if (!(contextWindowTokens > 0)) return messages;',
  '  for (let i = start; i < cutoff; i++) {',
  '    const message = messages[i];',
  "    if (message?.role !== 'toolResult') continue;",
  '  }',
  '  return next ?? messages;',
  '}',
];

class SessionBuilder extends SeededText {
  constructor(seed: number) {
    super(seed, WORDS, { end: '.\n', rate: 0.08 });
  }
  cjk(chars: number): string {
    let out = '';
    while (out.length < chars) {
      const start = this.int(0, CJK.length - 10);
      out += `${CJK.slice(start, start + this.int(4, 10))}。`;
      if (this.random() < 0.1) out += '\n';
    }
    return out;
  }
  code(chars: number): string {
    const lines: string[] = [];
    let length = 0;
    for (let n = 1; length < chars; n++) {
      const line = `${String(n).padStart(4)}  ${this.pick(CODE_LINES)}`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  }
  json(chars: number): string {
    const items: string[] = [];
    let length = 0;
    while (length < chars) {
      const item = `{"id":${this.int(1, 99_999)},"path":"src/${this.pick(WORDS)}/${this.pick(WORDS)}.ts","size":${this.int(10, 9_999)},"ok":${this.random() < 0.9}}`;
      items.push(item);
      length += item.length + 1;
    }
    return `{"items":[${items.join(',')}],"total":${items.length}}`;
  }
  log(chars: number): string {
    const body = this.prose(chars);
    return this.random() < 0.5 ? `${body}\nError: command failed with exit code 1` : body;
  }

  toolOutput(): { toolName: string; text: string } {
    const roll = this.random();
    if (roll < 0.3) return { toolName: 'read', text: this.code(this.int(2_000, 12_000)) };
    if (roll < 0.45) return { toolName: 'exec', text: this.log(this.int(20_000, 80_000)) };
    if (roll < 0.6) return { toolName: 'search', text: this.json(this.int(5_000, 30_000)) };
    if (roll < 0.7) return { toolName: 'fetch', text: this.cjk(this.int(2_000, 10_000)) };
    return { toolName: 'exec', text: this.prose(this.int(100, 600)) };
  }

  /** Turns until the session's estimate reaches `targetTokens`. */
  session(targetTokens: number): Message[] {
    const messages: Message[] = [];
    let tokens = 0;
    let callId = 0;
    const push = (message: Message) => {
      messages.push(message);
      tokens += estimateMessagesTokens([message]);
    };
    while (tokens < targetTokens) {
      push({
        role: 'user',
        content: this.random() < 0.2 ? this.cjk(this.int(50, 400)) : this.prose(this.int(100, 1_500)),
        timestamp: NOW,
      });
      for (let step = this.int(1, 4); step > 0 && tokens < targetTokens; step--) {
        const calls = Array.from({ length: this.int(1, 3) }, () => ({
          id: `call_${++callId}`,
          ...this.toolOutput(),
        }));
        const content: AssistantMessage['content'] = [];
        if (this.random() < 0.5)
          content.push({ type: 'thinking', thinking: this.prose(this.int(200, 2_000)), signature: 'sig' });
        content.push({ type: 'text', text: this.prose(this.int(50, 600)) });
        for (const call of calls) {
          content.push({
            type: 'toolCall',
            id: call.id,
            name: call.toolName,
            arguments: { path: `src/${this.pick(WORDS)}.ts` },
          });
        }
        push({ role: 'assistant', content, stopReason: 'toolUse', timestamp: NOW });
        for (const call of calls) {
          const result: ToolResultMessage = {
            role: 'toolResult',
            toolCallId: call.id,
            toolName: call.toolName,
            content: [{ type: 'text', text: call.text }],
            timestamp: NOW,
          };
          push(result);
        }
      }
      push({
        role: 'assistant',
        content: [{ type: 'text', text: this.prose(this.int(100, 1_200)) }],
        stopReason: 'stop',
      });
    }
    return messages;
  }
}

function scanText(text: string, sum: number): number {
  let acc = sum;
  // `| 0` keeps the sum a small integer: a sum past 2^31 turns into a heap double and slows the loop.
  for (let i = 0; i < text.length; i++) acc = (acc + text.charCodeAt(i)) | 0;
  return acc;
}

/** A deterministic synthetic session of about `targetTokens` tokens (same seed → same session). */
export function buildSyntheticSession(targetTokens: number, seed = targetTokens): Message[] {
  return new SessionBuilder(seed).session(targetTokens);
}

/** The floor: one pass over every UTF-16 unit of all text in the session. */
function charFloor(messages: readonly Message[]): number {
  let sum = 0;
  for (const message of messages) {
    const content = message.content;
    if (typeof content === 'string') {
      sum = scanText(content, sum);
      continue;
    }
    for (const block of content) {
      if (block.type === 'text') sum = scanText(block.text, sum);
      else if (block.type === 'thinking') sum = scanText(block.thinking, sum);
    }
  }
  return sum;
}

function totalChars(messages: readonly Message[]): number {
  let chars = 0;
  for (const message of messages) {
    const content = message.content;
    if (typeof content === 'string') {
      chars += content.length;
      continue;
    }
    for (const block of content) {
      if (block.type === 'text') chars += block.text.length;
      else if (block.type === 'thinking') chars += block.thinking.length;
    }
  }
  return chars;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Median ms of `fn` over `runs` after `warmup` calls; `sink` keeps results alive so nothing is optimised away. */
function measure(fn: () => unknown, warmup: number, runs: number): number {
  let sink = 0;
  for (let i = 0; i < warmup; i++) sink ^= fn() ? 1 : 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    sink ^= fn() ? 1 : 0;
    times.push(performance.now() - start);
  }
  if (sink === 2) console.error('unreachable');
  return median(times);
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function run(): Promise<object> {
  const sessions = SIZES.map((size) => buildSyntheticSession(size));
  // Warm the JIT on every size first, so the first size measured is not the one paying for it.
  for (const messages of sessions) {
    for (let i = 0; i < 5; i++) {
      charFloor(messages);
      assembleContext({ messages, contextWindowTokens: 200_000, now: NOW });
      assembleContext({ messages, contextWindowTokens: 10_000_000, now: NOW, lastCacheTouchAt: NOW });
    }
  }
  const results: object[] = [];
  const at200k: Record<string, { medianMs: number; floorMultiple: number; met: boolean }> = {};
  const msPer100k: number[] = [];
  const floorMultiples: number[] = [];
  for (const [index, size] of SIZES.entries()) {
    const messages = sessions[index] as Message[];
    const tokens = estimateMessagesTokens(messages);
    const runs = size >= 1_000_000 ? 21 : 51;
    const warmup = size >= 1_000_000 ? 5 : 15;
    const floorMs = measure(() => charFloor(messages), warmup, runs);
    // What the API has from ingest: each message's token count, stored when its turn was posted.
    const stored = new Map(messages.map((message) => [message, estimateMessageTokens(message)]));
    const knownTokens = (message: Message) => stored.get(message);
    for (const scenario of ['prune', 'warm', 'prune+stored', 'warm+stored'] as const) {
      const warm = scenario.startsWith('warm');
      const params = {
        messages,
        contextWindowTokens: warm ? size * 2 : size,
        now: NOW,
        lastCacheTouchAt: warm ? NOW - 1_000 : undefined,
        knownTokens: scenario.endsWith('+stored') ? knownTokens : undefined,
      };
      const sample = assembleContext(params);
      const medianMs = measure(() => assembleContext(params), warmup, runs);
      const per100k = (medianMs / tokens) * 100_000;
      if (scenario === 'prune') {
        msPer100k.push(per100k);
        floorMultiples.push(medianMs / floorMs);
      }
      if (size === 200_000) {
        const floorMultiple = medianMs / floorMs;
        at200k[scenario] = {
          medianMs: round(medianMs),
          floorMultiple: round(floorMultiple, 2),
          met: medianMs <= TARGET_MS_AT_200K && floorMultiple <= TARGET_FLOOR_MULTIPLE,
        };
      }
      results.push({
        targetTokens: size,
        scenario,
        messages: messages.length,
        chars: totalChars(messages),
        estimatedTokensIn: tokens,
        estimatedTokensOut: sample.estimatedTokens,
        contextWindowTokens: params.contextWindowTokens,
        pruneReason: sample.pruneReason,
        pruned: sample.pruned,
        truncated: sample.truncated,
        medianMs: round(medianMs),
        floorMedianMs: round(floorMs),
        floorMultiple: round(medianMs / floorMs, 2),
        msPer100kTokens: round(per100k),
        runs,
      });
    }
  }
  const linearity = Math.max(...msPer100k) / Math.min(...msPer100k);
  return {
    benchmark: 'assemble',
    node: process.version,
    floor: 'one pass summing the char codes of all text (UTF-16 units)',
    results,
    targets: {
      at200k: { maxMs: TARGET_MS_AT_200K, maxFloorMultiple: TARGET_FLOOR_MULTIPLE, ...at200k },
      linear: {
        msPer100kTokensSpread: round(linearity, 2),
        floorMultipleSpread: round(Math.max(...floorMultiples) / Math.min(...floorMultiples), 2),
        note:
          'max / min across sizes (prune scenario) of ms per 100K tokens, and of the floor multiple (which ' +
          'discounts the sessions differing in chars per token and in how much is recent, hence unpruned)',
      },
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await run(), null, 2));
}
