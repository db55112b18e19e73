/**
 * Turns in the `openai` and `anthropic` formats for the fuzz suite (issue 19 item 8): shapes each
 * format sends back as they came (user text, a tool call with its result, a closing answer), with
 * OpenAI arguments strings written any way; and the same turns with one field molt cannot send
 * back, or a number a double cannot hold, at a random place — those must be refused naming it.
 */
import fc from 'fast-check';

type Json = Record<string, unknown>;

const word = fc.string({ minLength: 1, maxLength: 12 });
const toolId = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
const toolName = fc.constantFrom('exec', 'read', 'search_web');
const argValue = fc.oneof(
  fc.integer().map(String),
  word.map((w) => JSON.stringify(w)),
  fc.bigInt({ min: 10n ** 19n, max: 10n ** 21n }).map(String),
  fc.constant('{"nested" : [1, 2.5, null]}'),
);
/** An arguments string as models write it: any spacing, duplicate keys, big integers. */
export const argumentsString = fc
  .array(fc.tuple(fc.constantFrom('a', 'path', 'n'), argValue, fc.constantFrom('', ' ', '\n')), {
    maxLength: 4,
  })
  .map((pairs) => `{${pairs.map(([k, v, ws]) => `${ws}"${k}":${ws}${v}`).join(',')}}`);

const openAITurn = fc
  .record({
    user: fc.oneof(
      word,
      fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.map((text) => ({ type: 'text', text }))),
    ),
    id: toolId,
    name: toolName,
    args: argumentsString,
    result: word,
    answer: word,
  })
  .map(({ user, id, name, args, result, answer }): Json[] => [
    { role: 'user', content: user },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name, arguments: args } }],
    },
    { role: 'tool', tool_call_id: id, content: result },
    { role: 'assistant', content: answer },
  ]);

const anthropicTurn = fc
  .record({
    user: fc.oneof(
      word,
      fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.map((text) => ({ type: 'text', text }))),
    ),
    id: toolId,
    name: toolName,
    input: fc.dictionary(
      fc.constantFrom('a', 'path', 'n'),
      fc.oneof(fc.integer(), word, fc.double({ noNaN: true, noDefaultInfinity: true })),
    ),
    result: word,
    answer: word,
  })
  .map(({ user, id, name, input, result, answer }): Json[] => [
    { role: 'user', content: user },
    { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: result }] }],
    },
    { role: 'assistant', content: [{ type: 'text', text: answer }] },
  ]);

export interface FormatTurn {
  format: 'openai' | 'anthropic';
  messages: Json[];
}

export const formatTurn: fc.Arbitrary<FormatTurn> = fc.oneof(
  openAITurn.map((messages) => ({ format: 'openai' as const, messages })),
  anthropicTurn.map((messages) => ({ format: 'anthropic' as const, messages })),
);

/** Every object in a value with its path (for putting a field somewhere). */
function objectsOf(value: unknown, path: string[] = []): Array<{ path: string[]; object: Json }> {
  if (value === null || typeof value !== 'object') return [];
  const here = Array.isArray(value) ? [] : [{ path, object: value as Json }];
  return [...here, ...Object.entries(value).flatMap(([k, v]) => objectsOf(v, [...path, k]))];
}

const LOSSY: Record<FormatTurn['format'], string[]> = {
  openai: ['name', 'refusal', 'audio', 'cache_control', 'index'],
  anthropic: ['cache_control', 'citations', 'name', 'id_extra'],
};

/** A turn with one field the format cannot send back, at a random object of it; and its path. */
export const lossyFormatTurn: fc.Arbitrary<FormatTurn & { path: string }> = formatTurn.chain((turn) => {
  // Not inside a tool's input (the agent's own data: any key is stored there).
  const places = objectsOf(turn.messages).filter(({ path }) => !path.includes('input'));
  return fc
    .record({
      place: fc.constantFrom(...places),
      key: fc.constantFrom(...LOSSY[turn.format]),
      value: fc.oneof(word, fc.constant({ type: 'ephemeral' }), fc.constant([])),
    })
    .filter(({ place, key }) => !(key in place.object))
    .map(({ place, key, value }) => {
      const messages = structuredClone(turn.messages);
      let target: unknown = messages;
      for (const k of place.path) target = (target as Json)[k];
      (target as Json)[key] = value;
      return { ...turn, messages, path: ['body', 'messages', ...place.path, key].join('.') };
    });
});
