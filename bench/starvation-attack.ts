/**
 * The hostile key of bench/starvation.bench.ts, in a process of its own (forked by the bench): a
 * remote attacker's work (building six batches of 100 calls, thirty requests a round, reading the
 * answers) is not the API's, and in the API's process it delayed every request of the other
 * tenant by the attacker's own JavaScript. The API is measured, not the attacker's client.
 *
 * Protocol (IPC): the bench sends `{ start: true }`, the process attacks in rounds and sends
 * `started` once the first round is under way; on `{ stop: true }` it finishes its round and sends
 * the answers it counted by status, then waits for the next start. Its target is argv[2] (JSON).
 */
import { randomUUID } from 'node:crypto';
import { createMoltClient } from '../client/index.js';

export const BATCHES = 6;
export const BATCH_CALLS = 100;
export const COMMITS = 30;
const WORDS = 'deploy vault rollout cache schema budget retry window cursor token ledger region'.split(' ');

export const wordsOf = (i: number, n: number): string =>
  Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');

export interface AttackTarget {
  url: string;
  key: string;
  userId: string;
}

/** The hostile key's rounds until `stop` says so; counts answers by status. */
async function attack(target: AttackTarget, stop: () => boolean, started: () => void) {
  const molt = createMoltClient({ baseUrl: target.url, apiKey: target.key, retries: 0, timeoutMs: 120_000 });
  const statuses: Record<string, number> = {};
  const count = (what: string) => {
    statuses[what] = (statuses[what] ?? 0) + 1;
  };
  const batch = () =>
    Array.from({ length: BATCH_CALLS }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'search_memories', arguments: { query: `the ${wordsOf(i, 3)}` } },
    }));
  let round = 0;
  while (!stop()) {
    round += 1;
    const mcp = Array.from({ length: BATCHES }, async () => {
      const response = await fetch(`${target.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-molt-user-id': target.userId,
        },
        body: JSON.stringify(batch()),
      });
      const answers = (await response.json().catch(() => [])) as Array<{ result?: { isError?: boolean } }>;
      count(`mcp ${response.status}`);
      if (!response.ok) return;
      for (const answer of Array.isArray(answers) ? answers : []) {
        count(answer.result?.isError ? 'mcp call refused' : 'mcp call answered');
      }
    });
    const commits = Array.from({ length: COMMITS }, async (_, i) => {
      const { response } = await molt.api.POST('/v1/memories', {
        body: {
          userId: target.userId,
          content: `round ${round} fact ${i}: ${wordsOf(i, 6)} ${randomUUID()}`,
        },
      });
      count(`commit ${response.status}`);
    });
    if (round === 1) started();
    await Promise.all([...mcp, ...commits]);
  }
  return statuses;
}

/** Whether this module is the forked attacker (the bench imports it for its constants only). */
const FORKED_AS = 'starvation-attack';

if (process.send && process.argv[3] === FORKED_AS) {
  const send = process.send.bind(process);
  const target = JSON.parse(process.argv[2]!) as AttackTarget;
  let stopping = false;
  process.on('message', (message: { start?: boolean; stop?: boolean }) => {
    if (message.stop) stopping = true;
    if (!message.start) return;
    stopping = false;
    void attack(
      target,
      () => stopping,
      () => send({ started: true }),
    ).then((statuses) => send({ statuses }));
  });
  process.on('disconnect', () => process.exit(0));
}

export const attackerArgs = (target: AttackTarget): string[] => [JSON.stringify(target), FORKED_AS];
