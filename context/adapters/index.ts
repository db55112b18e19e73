/**
 * Adapters at the edge (docs/engine-rules.md#messages): Anthropic Messages and OpenAI Chat to and from the
 * canonical (OpenClaw) message shape, lossless for everything the shapes share, with zod schemas
 * the HTTP API validates bodies with (issues carry the exact path of the failing field).
 *
 * Where the shapes differ:
 * - Anthropic puts tool results inside user messages; canonical has one `toolResult` message per
 *   result. Going out, a run of results and the user message right after it become ONE user
 *   message (tool_result blocks first), the shape Anthropic expects after a tool_use turn.
 * - Anthropic `redacted_thinking` becomes a thinking block `{thinking: "", signature: data,
 *   redacted: true}` and goes back the same way. `cache_control` and `citations` are refused (a
 *   400 naming the field, lossless-check.ts): breakpoints belong to the request being built, and
 *   replaying stored ones would exceed the limit of four.
 * - OpenAI Chat has no tool name on `role: "tool"` messages, so it is looked up from the calling
 *   assistant ("unknown" when the call is not in the list). `arguments` is a JSON string: parsed
 *   into an object; the string is kept verbatim in `rawArguments` whenever re-serialising would
 *   change it (a string that is not a JSON object: with `arguments: {}`) and sent back unchanged.
 *   `system`/`developer` messages are the agent's prompt, not history: they are refused, as are
 *   `name`, `refusal` and any field the format cannot send back (lossless-check.ts). `reasoning_content` becomes a thinking
 *   block; thinking is only sent back when asked for (`reasoningField`). Tool-result images,
 *   which `role: "tool"` cannot carry, follow the results as one user message. `isError`,
 *   signatures, `stopReason`, `usage` and timestamps have no OpenAI or Anthropic request field.
 * - Images must be inline base64 (Anthropic `source.type: "base64"`, OpenAI `data:` URLs): the
 *   canonical image block holds data, not links.
 */

export { fromAnthropicMessages, toAnthropicMessages } from './anthropic.js';
export * from './anthropic-schema.js';
export * from './convert.js';
export {
  fromOpenAIChatMessages,
  OPENAI_TOOL_IMAGES_TEXT,
  type ToOpenAIOptions,
  toOpenAIChatMessages,
} from './openai.js';
export * from './openai-schema.js';
export { MESSAGE_FORMATS, type MessageFormat, messageFormatSchema } from './schema.js';
export { UNKNOWN_TOOL_NAME } from './shared.js';
