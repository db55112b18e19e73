/**
 * molt as a LangGraph.js long-term store (docs/langgraph.md): a `BaseStore` whose items are molt
 * memories, so what a graph stores is durable, recalled by molt's agents, erased with its user
 * and kept with its history.
 *
 *   const store = new MoltStore({ baseUrl, apiKey, scope: { userId: 'alice' } });
 *   const graph = builder.compile({ store });
 *
 * Namespaces → molt scopes: every namespace lives in one molt scope — the store's `scope` (a
 * user, an agent, or a session whose user and agent apply, checked against the key like every
 * memory write) or, per namespace, the one `scopeOf(namespace)` names (e.g. `["users", id, …]` →
 * `{ userId: id }`). Inside the scope an item is a memory keyed by its namespace and key, its
 * value stored as JSON.
 *
 * Semantics are InMemoryStore's (test/integration/langgraph-store.test.ts runs one suite on both):
 * a batch's reads see the state before its puts; `search` filters with the same operators
 * (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`) and pages with `offset`/`limit`;
 * `listNamespaces` matches prefix and suffix (`*` wildcards) and cuts at `maxDepth`. Two
 * differences: a `query` is ranked by molt's recall (lexical, or hybrid with embeddings) and
 * returns only items that match it, best first; and a namespace that holds no item (all deleted,
 * or only a delete in it) is not listed (InMemoryStore lists it).
 */
import {
  BaseStore,
  type Item,
  type ListNamespacesOperation,
  type MatchCondition,
  type Operation,
  type OperationResults,
  type SearchItem,
  validateNamespace,
} from '@langchain/langgraph-checkpoint';
import { answerOf, createMoltClient, type MoltClient } from '../../../client/index.js';

export interface MoltScope {
  userId?: string;
  agentId?: string;
  sessionId?: string;
}

export interface MoltStoreOptions {
  /** molt's typed client (client/); or `baseUrl` (+ `apiKey`) to make one. */
  client?: MoltClient;
  baseUrl?: string;
  apiKey?: string;
  /** Each call to molt, in ms (default 10 000). */
  timeoutMs?: number;
  /** The molt scope of every namespace `scopeOf` does not place. */
  scope: MoltScope;
  /** The molt scope of a namespace (or of a search's / listing's prefix); undefined: `scope`. */
  scopeOf?: (namespace: readonly string[]) => MoltScope | undefined;
}

type ServerOp =
  | { op: 'get'; namespace: string[]; key: string }
  | { op: 'put'; namespace: string[]; key: string; value: Record<string, unknown> | null }
  | { op: 'search'; namespacePrefix: string[]; query?: string }
  | { op: 'namespaces' };

interface ServerItem {
  namespace: string[];
  key: string;
  value: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  score?: number;
}

type ServerResult =
  | { item: ServerItem | null }
  | { items: ServerItem[] }
  | { namespaces: string[][] }
  | { ok: true };

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** One filter condition, as LangGraph's stores compare (exact equality, or the operators). */
export function matchesFilter(itemValue: unknown, filterValue: unknown): boolean {
  const isOperators =
    typeof filterValue === 'object' &&
    filterValue !== null &&
    Object.keys(filterValue).every((key) => OPERATORS.has(key));
  if (!isOperators) return itemValue === filterValue;
  return Object.entries(filterValue as Record<string, unknown>).every(([op, value]) => {
    switch (op) {
      case '$eq':
        return itemValue === value;
      case '$ne':
        return itemValue !== value;
      case '$gt':
        return Number(itemValue) > Number(value);
      case '$gte':
        return Number(itemValue) >= Number(value);
      case '$lt':
        return Number(itemValue) < Number(value);
      case '$lte':
        return Number(itemValue) <= Number(value);
      case '$in':
        return Array.isArray(value) ? value.includes(itemValue) : false;
      case '$nin':
        return Array.isArray(value) ? !value.includes(itemValue) : true;
      default:
        return false;
    }
  });
}

function matchesCondition({ matchType, path }: MatchCondition, namespace: readonly string[]): boolean {
  if (path.length > namespace.length) return false;
  const from = matchType === 'prefix' ? 0 : namespace.length - path.length;
  return path.every((label, i) => label === '*' || namespace[from + i] === label);
}

/** `listNamespaces` over the namespaces a scope holds, as InMemoryStore answers it. */
export function listedNamespaces(all: readonly string[][], op: ListNamespacesOperation): string[][] {
  let namespaces = all.filter((ns) => (op.matchConditions ?? []).every((c) => matchesCondition(c, ns)));
  if (op.maxDepth !== undefined) {
    const cut = new Map(namespaces.map((ns) => ns.slice(0, op.maxDepth)).map((ns) => [ns.join(':'), ns]));
    namespaces = [...cut.values()];
  }
  namespaces.sort((a, b) => a.join(':').localeCompare(b.join(':')));
  const offset = op.offset ?? 0;
  return namespaces.slice(offset, offset + (op.limit ?? namespaces.length));
}

const itemOf = (item: ServerItem): SearchItem => ({
  namespace: item.namespace,
  key: item.key,
  value: item.value,
  createdAt: new Date(item.createdAt),
  updatedAt: new Date(item.updatedAt),
  ...(item.score !== undefined ? { score: item.score } : {}),
});

export class MoltStore extends BaseStore {
  private readonly client: MoltClient;

  constructor(private readonly options: MoltStoreOptions) {
    super();
    if (options.client) this.client = options.client;
    else if (options.baseUrl) {
      this.client = createMoltClient({
        baseUrl: options.baseUrl,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    } else throw new Error('MoltStore: give `client` or `baseUrl`');
  }

  private scopeOf(namespace: readonly string[]): MoltScope {
    return this.options.scopeOf?.(namespace) ?? this.options.scope;
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    // Each operation becomes one molt operation of its scope; one request per scope.
    const planned = operations.map((op) => {
      if ('namespacePrefix' in op) {
        if (op.namespacePrefix.length > 0) validateNamespace(op.namespacePrefix, { allowReservedRoot: true });
        return {
          scope: this.scopeOf(op.namespacePrefix),
          server: {
            op: 'search',
            namespacePrefix: op.namespacePrefix,
            ...(op.query ? { query: op.query } : {}),
          } as ServerOp,
        };
      }
      if ('matchConditions' in op || !('namespace' in op)) {
        const prefix = op.matchConditions?.find(
          (c) => c.matchType === 'prefix' && !c.path.includes('*'),
        )?.path;
        return { scope: this.scopeOf(prefix ?? []), server: { op: 'namespaces' } as ServerOp };
      }
      validateNamespace(op.namespace, { allowReservedRoot: true });
      const scope = this.scopeOf(op.namespace);
      if ('value' in op)
        return {
          scope,
          server: { op: 'put', namespace: op.namespace, key: op.key, value: op.value } as ServerOp,
        };
      return { scope, server: { op: 'get', namespace: op.namespace, key: op.key } as ServerOp };
    });
    const groups = new Map<string, { scope: MoltScope; indexes: number[] }>();
    planned.forEach(({ scope }, i) => {
      const id = JSON.stringify([scope.userId ?? null, scope.agentId ?? null, scope.sessionId ?? null]);
      const group = groups.get(id) ?? { scope, indexes: [] };
      group.indexes.push(i);
      groups.set(id, group);
    });
    const answers: ServerResult[] = new Array(operations.length);
    for (const { scope, indexes } of groups.values()) {
      const result = await this.client.api.POST('/v1/memory-store', {
        body: { ...scope, ops: indexes.map((i) => planned[i]!.server) as never },
      });
      const { results } = answerOf<{ results: ServerResult[] }>(result);
      indexes.forEach((i, j) => {
        answers[i] = results[j]!;
      });
    }
    return operations.map((op, i) => {
      const answer = answers[i]!;
      if ('item' in answer) return answer.item ? (itemOf(answer.item) as Item) : null;
      if ('items' in answer && 'namespacePrefix' in op) {
        const filtered = answer.items.filter((item) =>
          Object.entries(op.filter ?? {}).every(([field, value]) => matchesFilter(item.value[field], value)),
        );
        const offset = op.offset ?? 0;
        return filtered.slice(offset, offset + (op.limit ?? 10)).map(itemOf);
      }
      if ('namespaces' in answer) return listedNamespaces(answer.namespaces, op as ListNamespacesOperation);
      return null; // a put answers nothing, as in LangGraph's own stores
    }) as OperationResults<Op>;
  }
}
