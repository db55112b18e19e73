/**
 * Tuning aid for issue 31 (not a benchmark): phrasings written for generality, not taken from any
 * corpus — each said by one speaker of a two-person chat — printed with what the extractor keeps.
 * Run: `npx tsx bench/extraction-probe.ts bench/extraction-probe.txt` (one sentence a line; `!` first
 * marks chatter, which must yield nothing; `question || answer` is a two-turn answer: Ann asks, Bo answers).
 * The statement model is also trained on these lines (scripts/train-statement-model.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractCandidates } from '../context/memory/extractive.js';
import { verifyCandidates } from '../context/memory/verify.js';

export const PROBE_FILE = fileURLToPath(new URL('./extraction-probe.txt', import.meta.url));

/** One probe line: the message, the other speaker's question before it (if any), and whether it is chatter. */
export interface ProbeLine {
  noise: boolean;
  asked: string | null;
  text: string;
}

/** The probe file's lines as messages. */
export function parseProbe(source: string): ProbeLine[] {
  return source
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      const noise = line.startsWith('!');
      const body = noise ? line.slice(1).trim() : line;
      const [asked, answer] = body.includes(' || ') ? body.split(' || ') : [null, body];
      return { noise, asked: asked ?? null, text: answer! };
    });
}

function main() {
  const at = Date.parse('2024-03-13T18:00:00Z');
  let wrong = 0;
  const lines = parseProbe(readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8'));
  for (const { noise, asked, text } of lines) {
    const range = [
      { seq: 1, role: 'user' as const, text: asked ?? 'hey how have you been', speaker: 'Ann', at },
      { seq: 2, role: 'user' as const, text, speaker: 'Bo', at },
    ];
    const kept = verifyCandidates(extractCandidates(range), range).accepted.filter((a) => a.seq === 2);
    const ok = noise ? kept.length === 0 : kept.length > 0;
    if (!ok) wrong += 1;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${noise ? 'noise' : 'fact '} ${text}${kept.length ? `  => ${kept.map((k) => k.candidate.content).join(' | ')}` : ''}`,
    );
  }
  console.log(`${wrong} of ${lines.length} wrong`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
