/**
 * Tuning aid for issue 31 (not a benchmark): phrasings written for generality, not taken from any
 * corpus — each said by one speaker of a two-person chat — printed with what the extractor keeps.
 * Run: `npx tsx bench/extraction-probe.ts bench/extraction-probe.txt` (one sentence a line; `!` first
 * marks chatter, which must yield nothing; `question || answer` is a two-turn answer: Ann asks, Bo answers).
 */
import { readFileSync } from 'node:fs';
import { extractCandidates } from '../context/memory/extractive.js';
import { verifyCandidates } from '../context/memory/verify.js';

const at = Date.parse('2024-03-13T18:00:00Z');
const lines = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8')
  .split('\n')
  .filter((l) => l.trim());
let wrong = 0;
for (const line of lines) {
  const noise = line.startsWith('!');
  const body = noise ? line.slice(1).trim() : line;
  const [asked, answer] = body.includes(' || ') ? body.split(' || ') : ['hey how have you been', body];
  const text = answer!;
  const range = [
    { seq: 1, role: 'user', text: asked!, speaker: 'Ann', at },
    { seq: 2, role: 'user', text, speaker: 'Bo', at },
  ];
  const kept = verifyCandidates(extractCandidates(range), range).accepted.filter((a) => a.seq === 2);
  const ok = noise ? kept.length === 0 : kept.length > 0;
  if (!ok) wrong += 1;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${noise ? 'noise' : 'fact '} ${text}${kept.length ? `  => ${kept.map((k) => k.candidate.content).join(' | ')}` : ''}`,
  );
}
console.log(`${wrong} of ${lines.length} wrong`);
