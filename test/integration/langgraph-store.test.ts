/**
 * Issue 35 item 3: molt as a LangGraph.js store (integrations/langgraph). LangGraph ships no store
 * conformance suite (@langchain/langgraph-checkpoint has none; its validation package covers
 * checkpointers), so this one mirrors the documented semantics with InMemoryStore as the
 * reference: the same operations, on both stores, must give the same answers — scripted cases
 * and random sequences. Then molt's own: ranked `query`, scopes, a real graph's `store`.
 */
import { randomUUID } from 'node:crypto';
import { type BaseStore, InMemoryStore, type Item } from '@langchain/langgraph-checkpoint';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoltClient } from '../../client/index.js';
import { createApiKey } from '../../db/api-keys.js';
import { buildGraph, runExample } from '../../integrations/langgraph/examples/graph.js';
import { MoltStore } from '../../integrations/langgraph/src/index.js';
import { scaled } from '../time-scale.js';
import { type Harness, startHarness } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field
type Json = Record<string, any>;

let h: Harness;
let baseUrl = '';
let operatorKey = '';
let agentKey = '';

beforeAll(async () => {
  h = await startHarness({ auth: 'required' });
  baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  const tenantId = `tenant-langgraph-${randomUUID()}`;
  operatorKey = (await createApiKey(h.database.db, { tenantId, role: 'operator' })).key;
  agentKey = (await createApiKey(h.database.db, { tenantId, role: 'agent', agentId: 'graph' })).key;
});

afterAll(async () => {
  await h?.stop();
});

const moltStore = () =>
  new MoltStore({ baseUrl, apiKey: operatorKey, scope: { userId: `u-${randomUUID()}` } });

/** An item without its clock: what two stores can agree on. */
const plain = (item: Item | null) =>
  item ? { namespace: item.namespace, key: item.key, value: item.value } : null;
const byPath = (a: { namespace: string[]; key: string }, b: { namespace: string[]; key: string }) =>
  JSON.stringify([...a.namespace, a.key]).localeCompare(JSON.stringify([...b.namespace, b.key]));
/** Search results without clocks, in path order: search without a query has no documented order. */
const plainSearch = (items: Item[]) => items.map(plain).sort((a, b) => byPath(a!, b!));

/** A scripted run through every operation; the answers, comparable across stores. */
async function script(store: BaseStore): Promise<unknown[]> {
  const out: unknown[] = [];
  await store.put(['docs', 'a'], 'd1', { title: 'Intro', year: 2020, tag: 'x' });
  await store.put(['docs', 'a'], 'd2', { title: 'Guide', year: 2022, tag: 'y' });
  await store.put(['docs', 'b'], 'd3', { title: 'Notes', year: 2024, tag: 'x' });
  await store.put(['users', 'u1', 'prefs'], 'theme', { dark: true });
  await store.put(['users', 'u2', 'prefs'], 'theme', { dark: false });
  out.push(plain(await store.get(['docs', 'a'], 'd1')));
  out.push(plain(await store.get(['docs', 'a'], 'missing')));
  out.push(plain(await store.get(['docs'], 'd1')));
  // Update in place, delete, get after.
  await store.put(['docs', 'a'], 'd1', { title: 'Intro v2', year: 2021, tag: 'x' });
  out.push(plain(await store.get(['docs', 'a'], 'd1')));
  await store.delete(['docs', 'a'], 'd2');
  out.push(plain(await store.get(['docs', 'a'], 'd2')));
  await store.delete(['docs', 'a'], 'never-there');
  // Search: prefix, filters with every operator, pagination.
  out.push(plainSearch(await store.search(['docs'])));
  out.push(plainSearch(await store.search([])));
  out.push(plainSearch(await store.search(['docs', 'a'])));
  out.push(plainSearch(await store.search(['doc'])));
  for (const filter of [
    { tag: 'x' },
    { year: { $gt: 2020 } },
    { year: { $gte: 2021, $lt: 2024 } },
    { year: { $lte: 2021 } },
    { tag: { $ne: 'x' } },
    { tag: { $in: ['x', 'z'] } },
    { tag: { $nin: ['x'] } },
    { year: { $eq: 2024 } },
    { title: 'nope' },
    { dark: true },
  ]) {
    out.push({ filter, items: plainSearch(await store.search([], { filter })) });
  }
  const pages = [
    await store.search([], { limit: 2, offset: 0 }),
    await store.search([], { limit: 2, offset: 2 }),
    await store.search([], { limit: 2, offset: 4 }),
  ];
  out.push(pages.map((p) => p.length));
  out.push(plainSearch(pages.flat()));
  // Namespaces: all, prefix, suffix, wildcards, depth, paging.
  out.push(await store.listNamespaces());
  out.push(await store.listNamespaces({ prefix: ['users'] }));
  out.push(await store.listNamespaces({ suffix: ['prefs'] }));
  out.push(await store.listNamespaces({ prefix: ['users', '*', 'prefs'] }));
  out.push(await store.listNamespaces({ maxDepth: 1 }));
  out.push(await store.listNamespaces({ maxDepth: 2, prefix: ['users'] }));
  out.push(await store.listNamespaces({ limit: 1, offset: 1 }));
  out.push(await store.listNamespaces({ prefix: ['users'], suffix: ['prefs'] }));
  out.push(await store.listNamespaces({ prefix: ['users'], suffix: ['prefs'], maxDepth: 2, limit: 1 }));
  out.push(await store.listNamespaces({ suffix: ['*'], limit: 2, offset: 1 }));
  // A batch: reads see the state before its puts; the last put of a key wins.
  const batch = await store.batch([
    { namespace: ['b'], key: 'k', value: { n: 1 } },
    { namespace: ['b'], key: 'k' },
    { namespace: ['b'], key: 'k', value: { n: 2 } },
    { namespacePrefix: ['b'], limit: 10, offset: 0 },
  ]);
  out.push([
    batch[0],
    plain(batch[1] as unknown as Item | null),
    batch[2],
    plainSearch(batch[3] as unknown as Item[]),
  ]);
  out.push(plain(await store.get(['b'], 'k')));
  // Values of every JSON kind come back as put.
  const odd = {
    s: 'naïve 🎉 "quoted" \\ back',
    n: -1.5e-7,
    b: false,
    z: null,
    a: [1, [2, { c: 'd' }]],
    o: {},
  };
  await store.put(['odd'], 'k:with.dots and spaces', odd);
  out.push(plain(await store.get(['odd'], 'k:with.dots and spaces')));
  // Bad namespaces are refused by both.
  for (const bad of [[], ['a.b'], ['a:b'], ['']] as string[][]) {
    out.push(
      await store.put(bad, 'k', { v: 1 }).then(
        () => 'stored',
        (error: Error) => error.name,
      ),
    );
  }
  return out;
}

describe('MoltStore answers as InMemoryStore does', () => {
  it('a scripted run through every operation', { timeout: scaled(120_000) }, async () => {
    const expected = await script(new InMemoryStore());
    const actual = await script(moltStore());
    expect(actual).toEqual(expected);
  });

  it('random sequences of puts, deletes, gets, searches and listings', {
    timeout: scaled(600_000),
  }, async () => {
    const label = fc.constantFrom('a', 'b', 'c');
    const namespace = fc.array(label, { minLength: 1, maxLength: 3 });
    const value = fc.record({ n: fc.integer({ min: 0, max: 3 }), s: fc.constantFrom('x', 'y') });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), namespace, key: label, value }),
      fc.record({ kind: fc.constant('delete' as const), namespace, key: label }),
      fc.record({ kind: fc.constant('get' as const), namespace, key: label }),
      fc.record({
        kind: fc.constant('search' as const),
        prefix: fc.array(label, { maxLength: 2 }),
        filter: fc.option(
          fc.oneof(
            fc.record({ s: fc.constantFrom('x', 'y') }),
            fc.record({ n: fc.record({ $gte: fc.integer({ min: 0, max: 3 }) }) }),
          ),
          { nil: undefined },
        ),
      }),
      fc.record({
        kind: fc.constant('list' as const),
        prefix: fc.option(fc.array(fc.constantFrom('a', 'b', '*'), { minLength: 1, maxLength: 2 }), {
          nil: undefined,
        }),
        maxDepth: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const apply = async (store: BaseStore, ops: Op[]) => {
      const out: unknown[] = [];
      for (const o of ops) {
        if (o.kind === 'put') await store.put(o.namespace, o.key, o.value);
        else if (o.kind === 'delete') await store.delete(o.namespace, o.key);
        else if (o.kind === 'get') out.push(plain(await store.get(o.namespace, o.key)));
        else if (o.kind === 'search') {
          out.push(
            plainSearch(
              await store.search(o.prefix, { ...(o.filter ? { filter: o.filter } : {}), limit: 100 }),
            ),
          );
        } else {
          // A namespace that holds no item (all deleted, or only ever deleted from) stays in
          // InMemoryStore's listing only: both listings are compared on the namespaces of live
          // items, cut at maxDepth.
          const live = plainSearch(await store.search([], { limit: 1000 })).map((i) => i!.namespace);
          const listed = await store.listNamespaces({
            ...(o.prefix ? { prefix: o.prefix } : {}),
            ...(o.maxDepth ? { maxDepth: o.maxDepth } : {}),
          });
          const holds = (ns: string[]) =>
            live.some((l) => JSON.stringify(l.slice(0, o.maxDepth ?? l.length)) === JSON.stringify(ns));
          // MoltStore's listing as it is: it must list exactly those.
          out.push(store instanceof InMemoryStore ? listed.filter(holds) : listed);
        }
      }
      return out;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        expect(await apply(moltStore(), ops)).toEqual(await apply(new InMemoryStore(), ops));
      }),
      { numRuns: 12 },
    );
  });
});

describe("molt's own: ranking, scopes, a graph", () => {
  it('ranks a query by meaning and words, best first, only matches', async () => {
    const store = moltStore();
    await store.put(['notes'], 'n1', { text: 'The staging database is called kestrel-db' });
    await store.put(['notes'], 'n2', { text: 'Lunch is at noon on Fridays' });
    await store.put(['notes'], 'n3', { text: 'Deploys need the staging database migrated first' });
    const found = await store.search(['notes'], { query: 'staging database name' });
    expect(found.map((i) => i.key).sort()).toEqual(['n1', 'n3']);
    expect(found[0]!.score).toBeGreaterThanOrEqual(found[1]!.score!);
    expect(found.every((i) => typeof i.score === 'number')).toBe(true);
  });

  it("an agent key stays in its session's scope; another user's items are invisible", async () => {
    const agent = createMoltClient({ baseUrl, apiKey: agentKey });
    const [alice, bob] = [`alice-${randomUUID()}`, `bob-${randomUUID()}`];
    const sessions = { alice: `s-${randomUUID()}`, bob: `s-${randomUUID()}` };
    await agent.postTurn(sessions.alice, {
      turnId: 't',
      userId: alice,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await agent.postTurn(sessions.bob, {
      turnId: 't',
      userId: bob,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const aliceStore = new MoltStore({ client: agent, scope: { sessionId: sessions.alice } });
    const bobStore = new MoltStore({ client: agent, scope: { sessionId: sessions.bob } });
    await aliceStore.put(['prefs'], 'pin', { pin: '4242' });
    expect(await bobStore.get(['prefs'], 'pin')).toBeNull();
    expect(await bobStore.search([], { limit: 100 })).toEqual([]);
    expect(await bobStore.listNamespaces()).toEqual([]);
    // Naming Alice from Bob's session is refused, not obeyed.
    const sneaky = new MoltStore({ client: agent, scope: { sessionId: sessions.bob, userId: alice } });
    await expect(sneaky.get(['prefs'], 'pin')).rejects.toMatchObject({ status: 403 });
    // The item is one of Alice's memories, with its history.
    const operator = createMoltClient({ baseUrl, apiKey: operatorKey });
    const memories = (await operator.request('GET', '/v1/memories', { userId: alice })) as Json;
    expect(memories.items).toEqual([
      expect.objectContaining({ key: '["prefs","pin"]', content: '{"pin":"4242"}' }),
    ]);
  });

  it('refuses a huge value, naming the field', async () => {
    const store = moltStore();
    await expect(store.put(['big'], 'k', { text: 'x'.repeat(100_000) })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('value'),
    });
    expect(await store.get(['big'], 'k')).toBeNull();
  });

  it("is a real graph's long-term store (the package example)", async () => {
    const recalled = await runExample({ baseUrl, apiKey: operatorKey });
    expect(recalled).toEqual(['my staging database is called kestrel-db']);
  });

  it('a graph compiled with it keeps items across threads and store instances', async () => {
    const userId = `g-${randomUUID()}`;
    const scope = { userId };
    await buildGraph(new MoltStore({ baseUrl, apiKey: operatorKey, scope })).invoke({
      userId,
      message: 'Remember: the on-call rotation changes on Mondays',
      recalled: [],
    });
    const later = await buildGraph(new MoltStore({ baseUrl, apiKey: operatorKey, scope })).invoke({
      userId,
      message: 'When does the on-call rotation change?',
      recalled: [],
    });
    expect(later.recalled).toEqual(['the on-call rotation changes on Mondays']);
  });
});
