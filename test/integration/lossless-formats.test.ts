/**
 * No silent changes (issue 19 items 8 and 9), beside lossless.test.ts: what an agent sends in the
 * `openai` or `anthropic` format is read back identical in that format, or refused with a 400
 * naming the field — never a 202 that drops or rewrites it. Generated over argument strings
 * (spacing, key order, duplicate keys, 20-digit integers), lossy fields in every place they can
 * appear, numbers beyond double precision in every format, `__proto__` keys and deep nesting.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessages } from '../../db/transcript.js';
import { type Harness, type Json, startHarness, uniqueSessionId } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** Posts a raw JSON text (so numbers reach the API exactly as written). */
const postRaw = (sessionId: string, text: string) =>
  h.app.inject({
    method: 'POST',
    url: `/v1/sessions/${sessionId}/turns`,
    payload: text,
    headers: { 'content-type': 'application/json' },
  });
const context = async (sessionId: string, format: string): Promise<Json> =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/v1/sessions/${sessionId}/context?format=${format}&recall=false`,
    })
  ).json();

const turnText = (format: string, messages: string) =>
  `{"turnId":"t1","format":"${format}","contextWindowTokens":2000000,"messages":${messages}}`;

/** An OpenAI arguments string as models write them: any spacing, duplicate keys, big integers. */
const argumentsText = fc
  .array(
    fc.tuple(
      fc.constantFrom('a', 'b', 'path', 'n', '__proto__'),
      fc.oneof(
        fc.bigInt({ min: 10n ** 19n, max: 10n ** 22n }).map(String),
        fc.integer().map(String),
        fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
        fc.constant('[1, 2.50, {"x" : null}]'),
      ),
      fc.constantFrom('', ' ', '\n  ', '\t'),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => `{${pairs.map(([k, v, ws]) => `${ws}"${k}"${ws}:${ws}${v}`).join(',')}}`);

describe('openai tool-call arguments', () => {
  it('reads back the arguments string exactly as sent', async () => {
    await fc.assert(
      fc.asyncProperty(argumentsText, async (args) => {
        const sessionId = uniqueSessionId('args');
        const messages = [
          { role: 'user', content: 'run it' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'exec', arguments: args } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: 'done' },
        ];
        const response = await postRaw(sessionId, turnText('openai', JSON.stringify(messages)));
        expect(response.statusCode, response.body).toBe(202);
        const back = await context(sessionId, 'openai');
        expect(back.messages[1].tool_calls[0].function.arguments).toBe(args);
      }),
      { numRuns: 25 },
    );
  });
});

/** [format, messages as JSON text, the field the 400 must name]. */
const REFUSED: Array<[string, string, string]> = [
  [
    'openai',
    '[{"role":"system","content":"be brief"},{"role":"user","content":"hi there"}]',
    'body.messages.0.role',
  ],
  ['openai', '[{"role":"developer","content":"x"}]', 'body.messages.0.role'],
  ['openai', '[{"role":"user","content":"hi there","name":"ann"}]', 'body.messages.0.name'],
  [
    'openai',
    '[{"role":"user","content":"q"},{"role":"assistant","content":null,"refusal":"no"}]',
    'body.messages.1.refusal',
  ],
  [
    'openai',
    '[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"refusal","refusal":"no"}]}]',
    'body.messages.1.content.0',
  ],
  [
    'openai',
    '[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA","detail":"high"}}]}]',
    'body.messages.0.content.0.image_url.detail',
  ],
  [
    'openai',
    '[{"role":"user","content":"q"},{"role":"assistant","content":"a","tool_calls":[{"id":"c","type":"function","function":{"name":"x","arguments":"{}"},"index":0}]}]',
    'body.messages.1.tool_calls.0.index',
  ],
  [
    'anthropic',
    '[{"role":"user","content":[{"type":"text","text":"q","cache_control":{"type":"ephemeral"}}]}]',
    'body.messages.0.content.0.cache_control',
  ],
  [
    'anthropic',
    '[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"text","text":"a","citations":[]}]}]',
    'body.messages.1.content.0.citations',
  ],
  [
    'anthropic',
    '[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"r","cache_control":{"type":"ephemeral"}}]}]}]',
    'body.messages.0.content.0.content.0.cache_control',
  ],
  [
    'anthropic',
    '[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"r","cache_control":{"type":"ephemeral"}}]}]',
    'body.messages.0.content.0.cache_control',
  ],
  // Numbers a double cannot hold, in every format.
  [
    'openclaw',
    '[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"toolCall","id":"c","name":"x","arguments":{"n":12345678901234567890}}]}]',
    'body.messages.1.content.0.arguments.n',
  ],
  [
    'anthropic',
    '[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"x","input":{"deep":[1,0.12345678901234567]}}]}]',
    'body.messages.1.content.0.input.deep.1',
  ],
  ['openclaw', '[{"role":"user","content":"q","timestamp":1e400}]', 'body.messages.0.timestamp'],
];

describe('refusals', () => {
  it.each(REFUSED)('%s: refuses %s naming %s, storing nothing', async (format, messages, path) => {
    const sessionId = uniqueSessionId('refused');
    const response = await postRaw(sessionId, turnText(format, messages));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message.startsWith(`${path}: `), response.body).toBe(true);
    expect(await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 })).toEqual([]);
  });

  it('accepts exact numbers written any way and reads them back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (value) => {
        const sessionId = uniqueSessionId('exact');
        const literal = JSON.stringify(value);
        const text = turnText(
          'openclaw',
          `[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"toolCall","id":"c","name":"x","arguments":{"v":${literal}}}]}]`,
        );
        const response = await postRaw(sessionId, text);
        expect(response.statusCode, response.body).toBe(202);
        const [, call] = await readMessages(h.database.db, 'default', sessionId, { afterSeq: 0 });
        expect(JSON.stringify((call!.body as Json).content[0].arguments.v)).toBe(literal);
      }),
      { numRuns: 20 },
    );
  });
});

describe('keys and nesting (item 9)', () => {
  it('stores __proto__ and constructor keys like any other and reads them back', async () => {
    for (const format of ['openclaw', 'anthropic'] as const) {
      const sessionId = uniqueSessionId(`proto-${format}`);
      const args = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"a":1}';
      const messages =
        format === 'openclaw'
          ? `[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"toolCall","id":"c","name":"x","arguments":${args}}]}]`
          : `[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"x","input":${args}}]}]`;
      const response = await postRaw(sessionId, turnText(format, messages));
      expect(response.statusCode, response.body).toBe(202);
      const back = JSON.stringify((await context(sessionId, format)).messages[1].content[0]);
      expect(back).toContain('"__proto__":{"polluted":true}');
      expect(back).toContain('"constructor":{"prototype":{"x":1}}');
      expect(({} as Json).polluted).toBeUndefined();
    }
  });

  it('refuses tool arguments nested thousands deep with a 400, never a 500', async () => {
    for (const depth of [600, 4_100, 20_000]) {
      const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const response = await postRaw(
        uniqueSessionId('deep'),
        turnText(
          'openclaw',
          `[{"role":"user","content":"q"},{"role":"assistant","content":[{"type":"toolCall","id":"c","name":"x","arguments":${nested}}]}]`,
        ),
      );
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json().error.message).toMatch(/^body: nested deeper than/);
    }
  });
});
