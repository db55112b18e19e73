/**
 * What Swagger (GET /docs) and GET /openapi.json say about each operation: a summary, a
 * description and, for the routes an agent or operator calls with a body, a realistic example.
 * api/plugins/docs.ts applies them; test/unit/openapi-docs.test.ts fails when a route has none.
 * Keyed by method and Fastify's URL template.
 */
import { OPERATION_EXAMPLES } from './openapi-examples.js';

export interface OperationDocs {
  summary: string;
  description: string;
  /** A request body to show (and to try from Swagger's "Try it out"). */
  example?: unknown;
}

const ops: Record<string, Omit<OperationDocs, 'example'>> = {
  'POST /v1/sessions/:sessionId/turns': {
    summary: 'Post a turn',
    description:
      "The agent's per-turn call: the turn's messages (in `format`: openclaw, anthropic or openai) are stored in " +
      'one transaction and the session workflow is signalled with their seqs and token counts. Idempotent on ' +
      '`turnId` (the same content answers `replayed: true`; other content 409). The answer is the session view ' +
      'and `warnings`: a window molt assumed because no turn named `contextWindowTokens`, a message larger ' +
      'than the window.',
  },
  'GET /v1/sessions/:sessionId/context': {
    summary: 'Assemble the context',
    description:
      'What the agent sends its model next: the summary in force, the messages after its boundary (pruned, ' +
      'tool pairs repaired, tool results truncated to fit), recalled memories, in the requested `format`. ' +
      '`budget` caps the tokens; `explain` (operators) says why each memory was recalled.',
  },
  'GET /v1/sessions': {
    summary: 'List sessions',
    description:
      "The tenant's sessions, newest first, each with its view; filter by `breaker` state. Paginated.",
  },
  'GET /v1/sessions/:sessionId': {
    summary: 'Read a session',
    description:
      'The session view: live tokens against the window, thresholds, summary in force, upload, breaker, ' +
      'calibration, transcript size, memory scope and extractions.',
  },
  'DELETE /v1/sessions/:sessionId': {
    summary: 'Erase a session',
    description:
      "Erases the session's messages, summaries, memories drawn from it and its workflow histories; answers " +
      'the erasure receipt (docs/security.md).',
  },
  'POST /v1/sessions/:sessionId/overflow': {
    summary: 'Report a context overflow',
    description:
      'The model refused the context as too long: molt runs the recovery tree (compact → truncate → reset → give up) and answers what the agent should do next (`retry`, `reset`, `give_up`).',
  },
  'POST /v1/sessions/:sessionId/compact': {
    summary: 'Compact now',
    description:
      'A manual compaction (`/compact`), optionally with instructions; `keepRecentTokens: 0` compacts ' +
      'everything (`/new`). Answers once the compacted view is stored.',
  },
  'POST /v1/sessions/:sessionId/breaker/reset': {
    summary: 'Reset the circuit breaker',
    description: "Closes an open breaker so automatic compactions resume; answers the session's new view.",
  },
  'GET /v1/sessions/:sessionId/history': {
    summary: "Read a session's Temporal history",
    description:
      "The session workflow's runs and events, then its compactions' and extractions' runs, summarised.",
  },
  'GET /v1/sessions/:sessionId/working-memory': {
    summary: 'Read the summary in force',
    description:
      'The working memory molt maintains across compactions: task, state, files, TODOs, decisions, tool ' +
      'failures, identifiers and narrative, with its token budget.',
  },
  'GET /v1/compactions': {
    summary: 'List compactions',
    description: 'Compaction attempts, newest first; filter by `status` or `sessionId`. Paginated.',
  },
  'GET /v1/compactions/:compactionId': {
    summary: 'Read a compaction',
    description:
      'One attempt in full: trigger, range, tokens before and after, chunks with their fallback levels, ' +
      'errors, and the summary it produced.',
  },
  'POST /v1/compactions/:compactionId/replay': {
    summary: 'Replay a compaction',
    description:
      'Runs a failed or degraded compaction again (409 when it has nothing to replay); answers the new attempt.',
  },
  'POST /v1/memories': {
    summary: 'Commit a memory',
    description:
      "commit_memory: stores a durable fact in the user's or agent's scope, deduplicated and superseding an " +
      'older one of the same key.',
  },
  'GET /v1/memories': {
    summary: 'List memories',
    description: 'Memories in scope, filtered by text, type, user, agent or status. Paginated.',
  },
  'DELETE /v1/memories': {
    summary: "Erase a user's memories",
    description: 'Forgets every memory of `userId` and answers the erasure receipt.',
  },
  'POST /v1/memories/search': {
    summary: 'Search memories',
    description:
      "search_memories: the memories the automatic recall would find for `query`, in a session's recall scope " +
      'or a user/agent scope.',
  },
  'POST /v1/memories/expand': {
    summary: 'Read the turns behind a hit',
    description:
      'read_history: the turns around a search hit (`id`), behind a compaction summary (`compactionId`) or at a ' +
      "place in a session (`at`), verbatim and bounded, in the caller's scope; raw history stays reachable after " +
      "compaction. Page a compaction's range with `afterSeq`.",
  },
  'GET /v1/memories/:memoryId': {
    summary: 'Read a memory',
    description: 'One memory with its provenance (the quote and its turn) and supersession history.',
  },
  'DELETE /v1/memories/:memoryId': {
    summary: 'Forget a memory',
    description: 'Deletes one memory; it is never recalled again.',
  },
  'GET /v1/tools': {
    summary: "The agent's memory tools",
    description: 'commit_memory and search_memories as tool definitions an agent registers with its model.',
  },
  'GET /v1/tools/cli-prompt': {
    summary: "The agent's CLI prompt",
    description:
      'The `molt` commands an agent may run (remember, search, ls, history) for its system prompt.',
  },
  'GET /v1/memory-extractions': {
    summary: 'List memory extractions',
    description: 'Extraction runs, newest first, with their counts; filter by session or status. Paginated.',
  },
  'GET /v1/memory-extractions/:extractionId': {
    summary: 'Read a memory extraction',
    description:
      'One extraction: its range, extractor, what it added, updated, superseded and rejected (the diff).',
  },
  'POST /v1/memory-extractions/:extractionId/replay': {
    summary: 'Replay a memory extraction',
    description: 'Runs an extraction again over the same range; idempotent on what it already stored.',
  },
  'GET /v1/memory-embeddings': {
    summary: 'Embedding status',
    description:
      'Whether hybrid recall is on, the embedding model, and how many memories await their vector.',
  },
  'DELETE /v1/users/:userId': {
    summary: 'Erase a user',
    description: "Erases the user's sessions and memories across the tenant; answers the erasure receipt.",
  },
  'POST /v1/keys': {
    summary: 'Create an API key',
    description:
      "A key of the caller's tenant (`role` agent or operator; an agent key may be bound to one `agentId`). " +
      'The answer carries the key itself, this once: store it, molt keeps only its hash. It authenticates at ' +
      'once, without a restart. While no key exists (an open `molt dev`) the first must be an operator key.',
  },
  'GET /v1/keys': {
    summary: 'List API keys',
    description:
      "The tenant's keys, newest first: id, name, role, bound agent, created and revoked. Never the key itself.",
  },
  'DELETE /v1/keys/:keyId': {
    summary: 'Revoke an API key',
    description:
      "The key stops authenticating at once; its sessions and memories stay. The tenant's last operator key is refused (409).",
  },
  'GET /healthz': { summary: 'Liveness', description: 'Answers 200 while the process serves HTTP.' },
  'GET /readyz': {
    summary: 'Readiness',
    description: 'Answers 200 when PostgreSQL and Temporal answer, 503 naming the one that does not.',
  },
  'GET /metrics': {
    summary: 'Prometheus metrics',
    description: 'Turns, request latencies, errors, process metrics.',
  },
};

/** Docs of an operation, keyed `METHOD /url/:param`; undefined for a route not in the table. */
export function operationDocs(method: string, url: string): OperationDocs | undefined {
  const key = `${method} ${url}`;
  const docs = ops[key];
  if (!docs) return undefined;
  return key in OPERATION_EXAMPLES ? { ...docs, example: OPERATION_EXAMPLES[key] } : docs;
}
