/**
 * GET /v1/sessions/{sessionId}/context as named steps (docs/architecture.md#assembling-the-context):
 * what the agent sends to its LLM next. The steps draw on one token budget — the session's window,
 * or the smaller `budget` the agent asked for:
 *
 *   1. read      the summary in force, the live messages after the boundary, the range to restore;
 *   2. recall    the scope's memories for the latest user message (a simulated `search_memories`
 *                call, or the system-prompt addition): its tokens are spent first;
 *   3. restore   the key files the compacted range read or changed, after the continuation message
 *                (docs/key-file-restore.md), within what recall left;
 *   4. live      the live messages pruned, truncated and pairing-repaired into the rest
 *                (context/assemble.ts);
 *   5. finish    skill memories on SKILL.md reads, the recalled call placed, the prompt addition,
 *                and the warnings (the breaker open, the context near the window or fitted to it).
 *
 * Nothing recalled is ever stored.
 */
import { defaultTokenCounter } from '../../config/defaults.js';
import { convertFromCanonical } from '../../context/adapters/index.js';
import { assembleContext } from '../../context/assemble.js';
import { buildContinuationMessage } from '../../context/digest/summary.js';
import { episodeCountOf, episodeId } from '../../context/memory/episodes.js';
import { injectAfterLatestUser, recallMessages, recallQueryOf } from '../../context/memory/recall.js';
import type { Message } from '../../context/messages.js';
import { type PruningConfig, resolvePruningSettings } from '../../context/pruning/settings.js';
import type { TokenCounter } from '../../context/tokens/index.js';
import { readSummary } from '../../db/compaction-writes.js';
import type { MemoryRow } from '../../db/memory/memory-schema.js';
import type { SessionRow } from '../../db/schema.js';
import { touchPromptCache } from '../../db/sessions.js';
import { readEffectiveMessages } from '../../db/transcript.js';
import { sessionViewOf } from '../control/session-view.js';
import type { ApiDeps } from '../deps.js';
import { contextWarnings } from '../ingest/turn-warnings.js';
import type { ContextAnswer, ContextQuery, RecallAnswer } from '../schemas/context.js';
import type { SessionSettingsBody } from '../schemas/settings.js';
import { rankHybrid } from './hybrid-recall.js';
import { keyFileRestoreOf, readRestoreRange, restoredView } from './key-file-restore.js';
import {
  DEFAULT_RECALL_SETTINGS,
  fitRanked,
  promptAdditionFor,
  recalledMemory,
  withSkillMemories,
} from './recall.js';

type Scope = { tenantId: string; sessionId: string; userId: string | null; agentId: string | null };
type Stored = Awaited<ReturnType<typeof readEffectiveMessages>>;

/** The one budget the steps draw on: the window (or the agent's smaller budget) less what was spent. */
class TokenBudget {
  private spent = 0;
  constructor(readonly total: number) {}
  spend(tokens: number): void {
    this.spent += tokens;
  }
  /** What is left (negative when recall alone overran it; the assembly clamps at 0). */
  get left(): number {
    return this.total - this.spent;
  }
}

/** Step 1: what the session holds — the summary in force, the live messages, the range to restore. */
async function read(deps: ApiDeps, row: SessionRow) {
  const view = sessionViewOf(row);
  const settings = (row.settings ?? {}) as SessionSettingsBody;
  const { tenantId, id: sessionId } = row;
  const [summary, stored, restoreRange] = await Promise.all([
    view.summary ? readSummary(deps.db, tenantId, view.summary.compactionId) : undefined,
    readEffectiveMessages(deps.db, tenantId, sessionId, { afterSeq: view.boundarySeq }),
    readRestoreRange(deps.db, {
      tenantId,
      sessionId,
      summary: view.summary,
      boundarySeq: view.boundarySeq,
      config: settings.keyFileRestore,
    }),
  ]);
  return { view, settings, summary, stored, restoreRange };
}

/**
 * Step 2: recall. The memories go in a simulated call, or in the system-prompt addition when no
 * tool call may show them (the agent has no search_memories tool, or nothing precedes the current
 * message). Their tokens are spent from the budget first.
 */
async function recall(
  deps: ApiDeps,
  scope: Scope,
  query: ContextQuery,
  stored: Stored,
  budget: TokenBudget,
  counter: TokenCounter,
) {
  const { recall: recallOn, explain, prompt, memoryTools } = query;
  const settings = deps.recall ?? DEFAULT_RECALL_SETTINGS;
  const answer: RecallAnswer = { query: null, memoryIds: [], skills: [] };
  let injected: Message[] = [];
  const inPrompt = !memoryTools || (prompt !== undefined && stored.length === 0);
  let recalledRows: MemoryRow[] = [];
  if (!recallOn) {
    answer.skipped = 'disabled';
  } else {
    const current: Message[] = prompt === undefined ? [] : [{ role: 'user', content: prompt, timestamp: 0 }];
    const recallQuery = recallQueryOf([...stored.map((m) => m.body), ...current]);
    if ('skipped' in recallQuery) {
      answer.skipped = recallQuery.skipped;
    } else {
      // The turns still in the live context are not recalled: the model reads them already.
      const excludeIds = stored.flatMap((m) =>
        Array.from({ length: episodeCountOf(m.body) }, (_, part) =>
          episodeId(scope.tenantId, scope.sessionId, m.seq, part),
        ),
      );
      const hybrid = await rankHybrid(
        deps.db,
        scope,
        recallQuery,
        settings.minScore,
        deps.embedding,
        undefined,
        { excludeIds },
      );
      const ranked = hybrid.ranked;
      answer.retrieval = hybrid.retrieval;
      const fitted = fitRanked(ranked, settings);
      answer.query = recallQuery.query;
      answer.memoryIds = fitted.map((r) => r.memory.id);
      if (inPrompt) recalledRows = fitted.map((r) => r.memory);
      else if (fitted.length > 0)
        injected = recallMessages(
          recallQuery.query,
          fitted.map((r) => recalledMemory(r.memory)),
        );
      if (explain) {
        const chosen = new Set(answer.memoryIds);
        answer.explain = ranked.map((r) => ({
          id: r.memory.id,
          type: r.memory.type,
          kind: r.kind,
          content: r.memory.content,
          score: Math.round(r.score * 10_000) / 10_000,
          trigram: Math.round(r.trigram * 10_000) / 10_000,
          cosine: r.cosine === null ? null : Math.round(r.cosine * 10_000) / 10_000,
          matchedTerms: r.matched,
          injected: chosen.has(r.memory.id),
        }));
      }
    }
  }
  const injectedTokens = injected.length > 0 ? counter.messagesTokens(injected) : 0;
  budget.spend(injectedTokens);
  const promptAddition = recallOn
    ? promptAdditionFor(deps.db, scope, settings, {
        searchTool: memoryTools,
        ...(inPrompt ? { recalled: recalledRows } : {}),
      })
    : null;
  promptAddition?.catch(() => {}); // awaited in finish; never an unhandled rejection meanwhile
  return { answer, injected, injectedTokens, inPrompt, promptAddition };
}

/** Steps 3 and 4: the key files after the continuation message, then the live messages, in what is left. */
async function restoreAndLive(
  deps: ApiDeps,
  row: SessionRow,
  session: Awaited<ReturnType<typeof read>>,
  budget: TokenBudget,
  counter: TokenCounter,
) {
  const { summary, stored, restoreRange, settings } = session;
  const knownTokens = new Map<Message, number>(stored.map((m) => [m.body, m.tokens]));
  const live = stored.map((m) => m.body);
  const restore = keyFileRestoreOf(summary ? restoreRange : null, live, budget.left, counter);
  const prefix = summary
    ? [buildContinuationMessage(summary.text), ...(restore.message ? [restore.message] : [])]
    : [];
  const now = Date.now();
  const assembled = assembleContext({
    messages: live,
    prefix,
    contextWindowTokens: Math.max(0, budget.left),
    pruning: resolvePruningSettings((settings.pruning ?? undefined) as PruningConfig | undefined),
    historyLimit: settings.historyLimit ?? null,
    now,
    lastCacheTouchAt: row.lastCacheTouchAt?.getTime() ?? null,
    knownTokens: (message) => knownTokens.get(message),
    ...(deps.tokenCounter ? { tokenCounter: deps.tokenCounter } : {}),
  });
  if (assembled.pruneApplied) await touchPromptCache(deps.db, row.tenantId, row.id, new Date(now));
  return { restore, assembled };
}

/** Step 5: skill memories on SKILL.md reads, the recalled call placed, the system-prompt addition. */
async function finish(
  deps: ApiDeps,
  scope: Scope,
  query: ContextQuery,
  recalled: Awaited<ReturnType<typeof recall>>,
  assembled: ReturnType<typeof assembleContext>,
  counter: TokenCounter,
) {
  let messages = assembled.messages;
  let estimatedTokens = assembled.estimatedTokens;
  let systemPromptAddition: string | null = null;
  const { answer, injected, injectedTokens, inPrompt } = recalled;
  if (query.recall) {
    const withSkills = await withSkillMemories(deps.db, scope, messages);
    answer.skills = withSkills.skills;
    for (let i = 0; i < messages.length; i++) {
      if (withSkills.messages[i] !== messages[i]) {
        estimatedTokens +=
          counter.messageTokens(withSkills.messages[i]!) - counter.messageTokens(messages[i]!);
      }
    }
    // For the current message, the call goes last: right before it, after what is cached.
    messages =
      query.prompt !== undefined
        ? [...withSkills.messages, ...injected]
        : injectAfterLatestUser(withSkills.messages, injected);
    if (messages.length === withSkills.messages.length && !inPrompt) answer.memoryIds = [];
    else estimatedTokens += injectedTokens;
    systemPromptAddition = await recalled.promptAddition;
  }
  return { messages, estimatedTokens, systemPromptAddition };
}

/** The context of a session the caller may read (`row`), for `query`. */
export async function assembleSessionContext(
  deps: ApiDeps,
  row: SessionRow,
  query: ContextQuery,
): Promise<ContextAnswer> {
  const counter = deps.tokenCounter ?? defaultTokenCounter;
  const scope = { tenantId: row.tenantId, sessionId: row.id, userId: row.userId, agentId: row.agentId };
  const stored = await read(deps, row);
  const budget = new TokenBudget(
    Math.min(stored.view.contextWindowTokens, query.budget ?? Number.POSITIVE_INFINITY),
  );
  const recalled = await recall(deps, scope, query, stored.stored, budget, counter);
  const { restore, assembled } = await restoreAndLive(deps, row, stored, budget, counter);
  const done = await finish(deps, scope, query, recalled, assembled, counter);
  const { summary, view } = stored;
  return {
    messages: convertFromCanonical(done.messages, query.format),
    estimatedTokens: done.estimatedTokens,
    summary: summary ? { compactionId: summary.compactionId, text: summary.text } : null,
    boundarySeq: view.boundarySeq,
    lastSeq: view.lastSeq,
    pruned: assembled.pruned,
    truncated: assembled.truncated,
    repaired: assembled.repair,
    systemPromptAddition: done.systemPromptAddition,
    recall: recalled.answer,
    restored: restoredView(restore),
    warnings: contextWarnings({
      window: budget.total,
      estimatedTokens: done.estimatedTokens,
      fitted: assembled.fitted,
      breaker: view.breaker,
    }),
  };
}
