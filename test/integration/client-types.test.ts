/** The checked-in client types (client/openapi.d.ts) are what the live /openapi.json generates. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, typesFromDocument } from '../../client/generate.js';
import { createMoltClient } from '../../client/index.js';
import { type Harness, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
let baseUrl: string;

beforeAll(async () => {
  h = await startHarness();
  baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await h?.stop();
});

describe('client', () => {
  it('client/openapi.d.ts equals the types generated from the live /openapi.json (npm run client:generate)', async () => {
    const document = await (await fetch(`${baseUrl}/openapi.json`)).json();
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8')).toBe(await typesFromDocument(document));
  });

  it('posts a turn and reads the context back through the typed client', async () => {
    const molt = createMoltClient({ baseUrl, timeoutMs: 10_000 });
    const sessionId = uniqueSessionId('client');
    const turn = await molt.postTurn(sessionId, {
      turnId: 't-1',
      messages: [{ role: 'user', content: 'hello from the client', timestamp: 1 }],
    });
    expect(turn.turn).toMatchObject({ turnId: 't-1', replayed: false });
    const context = await molt.getContext(sessionId, { budget: 50_000 });
    expect(context.messages).toEqual([{ role: 'user', content: 'hello from the client', timestamp: 1 }]);
    await expect(molt.getContext('no-such-session')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
