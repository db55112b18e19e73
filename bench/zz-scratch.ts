import { buildSyntheticSession } from './assemble.bench.js';
import { truncateOversizedToolResults } from '../context/truncation.js';
import { pruneContextMessagesWithStats } from '../context/pruning/pruner.js';
import { resolvePruningSettings } from '../context/pruning/settings.js';
import { estimateMessagesTokens } from '../context/tokens.js';
import { estimateMessageChars } from '../context/estimate.js';
import { assembleContext } from '../context/assemble.js';
const settings = resolvePruningSettings()!;
function t(label: string, fn: () => unknown) {
  for (let i = 0; i < 20; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < 51; i++) { const s = performance.now(); fn(); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(30), times[25]!.toFixed(3));
}
for (const size of [200_000]) {
  const m = buildSyntheticSession(size);
  const pruned = pruneContextMessagesWithStats({ messages: m, settings, contextWindowTokens: size }).messages;
  t(`${size} chars(all)`, () => { let s = 0; for (const x of m) s += estimateMessageChars(x); return s; });
  t(`${size} tokens(all)`, () => estimateMessagesTokens(m));
  t(`${size} prune`, () => pruneContextMessagesWithStats({ messages: m, settings, contextWindowTokens: size }));
  t(`${size} truncate(pruned)`, () => truncateOversizedToolResults(pruned, size));
  t(`${size} truncate(warm)`, () => truncateOversizedToolResults(m, size * 2));
  t(`${size} tokens(pruned)`, () => estimateMessagesTokens(pruned));
  t(`${size} assemble prune`, () => assembleContext({ messages: m, contextWindowTokens: size, now: 1 }));
  t(`${size} assemble warm`, () => assembleContext({ messages: m, contextWindowTokens: size * 2, now: 1, lastCacheTouchAt: 1 }));
}
