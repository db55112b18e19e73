/**
 * Benchmark of the key-file restore `GET /context` runs after a compaction (context/restore/):
 * picking and cutting the files from a compacted range of 50K and 200K tokens of reads, edits
 * and writes of 40 files (seeded code, prose, JSON), with the default settings (5 files of at
 * most 1,000 tokens, so every file is cut). Beside it, the scan of the range alone (recognising
 * the file operations) and a floor: one pass summing the range's char codes.
 *
 * Run: `npx tsx bench/key-file-restore.bench.ts` — prints one JSON object. `run()` returns it.
 */
import { pathToFileURL } from 'node:url';
import type { Message } from '../context/messages.js';
import {
  planKeyFileRestore,
  resolveKeyFileRestoreSettings,
  type SeqMessage,
  scanFileSightings,
} from '../context/restore/index.js';
import { createTokenCounter, estimateMessagesTokens } from '../context/tokens/index.js';
import { SeededText } from './seeded-text.js';

const SIZES = [50_000, 200_000] as const;
const WORDS = 'parse token buffer session window summary cursor retry budget schema'.split(' ');
const counter = createTokenCounter({ mode: 'estimate' });

class RangeBuilder extends SeededText {
  constructor(seed: number) {
    super(seed, WORDS, { end: '.\n', rate: 0.08 });
  }
  content(): string {
    const chars = this.int(2_000, 20_000);
    const kind = this.int(0, 2);
    if (kind === 0) return this.prose(chars);
    let out = '';
    for (let n = 1; out.length < chars; n++) {
      out +=
        kind === 1
          ? `${String(n).padStart(4)}  const ${this.pick(WORDS)}${n} = ${this.pick(WORDS)}(${n});\n`
          : `{"id":${n},"name":"${this.pick(WORDS)}","ok":true},\n`;
    }
    return out;
  }
  /** A compacted range of about `tokens` tokens: tool calls on 40 files and their results. */
  range(tokens: number): SeqMessage[] {
    const out: SeqMessage[] = [];
    let total = 0;
    for (let i = 0; total < tokens; i++) {
      const path = `src/${this.pick(WORDS)}/file${this.int(0, 39)}.ts`;
      const kind = this.pick(['read', 'read', 'read', 'edit', 'write'] as const);
      const content = this.content();
      const args: Record<string, unknown> =
        kind === 'write' ? { path, content } : kind === 'edit' ? { path, new_string: 'x' } : { path };
      const pair: Message[] = [
        { role: 'assistant', content: [{ type: 'toolCall', id: `c${i}`, name: kind, arguments: args }] },
        {
          role: 'toolResult',
          toolCallId: `c${i}`,
          toolName: kind,
          content: [{ type: 'text', text: kind === 'write' ? 'ok' : content }],
        },
      ];
      total += estimateMessagesTokens(pair);
      for (const body of pair) out.push({ seq: out.length + 1, body });
    }
    return out;
  }
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(fn: () => unknown, runs: number): number {
  for (let i = 0; i < 5; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return Math.round(median(samples) * 1_000) / 1_000;
}

export function run() {
  const settings = resolveKeyFileRestoreSettings();
  return {
    sizes: SIZES.map((tokens) => {
      const range = new RangeBuilder(tokens).range(tokens);
      const texts = JSON.stringify(range.map((m) => m.body));
      const plan = () =>
        planKeyFileRestore({ compacted: range, live: [], settings, windowTokens: 200_000, counter });
      const result = plan();
      return {
        tokens,
        messages: range.length,
        chars: texts.length,
        restored: {
          files: result.files.length,
          tokens: result.tokens,
          cut: result.files.filter((f) => f.shownChars < f.chars).length,
        },
        msMedian: time(plan, 50),
        scanMsMedian: time(() => scanFileSightings(range), 50),
        floorMsMedian: time(() => {
          let sum = 0;
          for (let i = 0; i < texts.length; i++) sum += texts.charCodeAt(i);
          return sum;
        }, 50),
      };
    }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(run(), null, 2));
}
