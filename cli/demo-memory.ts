/**
 * The demo's memory story (docs/memory.md): the session's user says a few things worth keeping; the
 * 50% upload extracts them while the compaction runs; a second session of the same user then
 * gets them back: recalled into its context and summed up in its system-prompt addition.
 */
import { type Answer, answered, type MoltClient } from '../client/index.js';
import type { DemoTurn } from './demo-session.js';
import { until } from './poll.js';

type Memory = Answer<'/v1/memories', 'get', 200>['items'][number];

export const DEMO_USER = 'demo-user';

const PLANTED = [
  'Please remember that our staging database is pg-staging-07.internal.',
  'I prefer short commit messages for this repo.',
  "We decided to use cursor pagination for every list endpoint. Let's start.",
];

/** Turns said early in the session: things worth remembering, then an acknowledgement. */
export function memoryTurns(): DemoTurn[] {
  return PLANTED.map((text, i) => ({
    turnId: `memory-${i + 1}`,
    messages: [
      { role: 'user', content: text },
      { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }], stopReason: 'stop' },
    ],
  })) as DemoTurn[];
}

const scope = (m: Memory) =>
  'quote' in m.source ? `seq ${m.source.fromSeq} "${m.source.quote}"` : m.source.kind;

export async function tellMemoryStory(molt: MoltClient, sessionId: string): Promise<void> {
  const extractions = await until(
    'the memory extractions',
    () => answered(molt.api.GET('/v1/memory-extractions', { params: { query: { sessionId } } })),
    (list) => list.items.length > 0 && list.items.every((x) => x.status !== 'running'),
  );
  console.log('\n▌ Memories extracted');
  for (const x of [...extractions.items].reverse()) {
    const c = x.counts;
    console.log(
      `  ${x.trigger.padEnd(6)} seq ${x.fromSeq}–${x.toSeq}  ${x.extractor}  ${x.status}` +
        (c
          ? `: ${c.candidates} candidate(s), ${c.added} added, ${c.duplicates} duplicate(s), ${c.rejected} rejected`
          : `: ${x.error}`),
    );
  }
  const memories = await answered(
    molt.api.GET('/v1/memories', { params: { query: { userId: DEMO_USER, status: 'active' } } }),
  );
  for (const m of memories.items) console.log(`  [${m.type}] ${m.abstract}\n      from ${scope(m)}`);

  const next = `${sessionId}-next`;
  const question = 'Where do I deploy the pagination change, and which database do I check?';
  await molt.postTurn(next, {
    turnId: 'hello',
    userId: DEMO_USER,
    messages: [{ role: 'user', content: question }],
  });
  const ctx = await molt.getContext(next, { explain: 'true' });
  console.log(`\n▌ A second session of ${DEMO_USER} (${next}) asks: "${question}"`);
  console.log('  GET /context recalls, after that message, as a simulated search_memories call:');
  for (const e of ctx.recall.explain ?? []) {
    console.log(
      `    ${e.score.toFixed(3)}  ${e.injected ? 'injected' : 'over the cap'}  ${e.content}  (matched: ${e.matchedTerms.join(', ')})`,
    );
  }
  if (ctx.recall.memoryIds.length === 0)
    console.log(`    nothing (${ctx.recall.skipped ?? 'no memory over the threshold'})`);
  console.log('  and hands the agent this system-prompt addition:');
  for (const line of String(ctx.systemPromptAddition ?? '(none)').split('\n')) console.log(`    ${line}`);
  const tools = await answered(molt.api.GET('/v1/tools'));
  console.log(`  tools for the agent (GET /v1/tools): ${tools.tools.map((t) => t.name).join(', ')}`);
}
