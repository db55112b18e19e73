/**
 * A LangGraph.js graph with molt as its long-term store: a node remembers what the user says
 * under `["users", userId, "memories"]`, another recalls it by meaning in a later thread.
 *
 *   MOLT_URL=http://127.0.0.1:8420 npx tsx integrations/langgraph/examples/graph.ts
 *
 * test/integration/langgraph-store.test.ts runs `runExample`.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Annotation, END, type LangGraphRunnableConfig, START, StateGraph } from '@langchain/langgraph';
import { MoltStore } from '../src/index.js';

const State = Annotation.Root({
  userId: Annotation<string>,
  message: Annotation<string>,
  recalled: Annotation<string[]>,
});

export function buildGraph(store: MoltStore) {
  return new StateGraph(State)
    .addNode('remember', async (state, config: LangGraphRunnableConfig) => {
      if (state.message.startsWith('Remember: ')) {
        await config.store!.put(['users', state.userId, 'memories'], randomUUID(), {
          text: state.message.slice('Remember: '.length),
        });
      }
      return {};
    })
    .addNode('recall', async (state, config: LangGraphRunnableConfig) => {
      const found = await config.store!.search(['users', state.userId, 'memories'], {
        query: state.message,
        limit: 3,
      });
      return { recalled: found.map((item) => String(item.value.text)) };
    })
    .addEdge(START, 'remember')
    .addEdge('remember', 'recall')
    .addEdge('recall', END)
    .compile({ store });
}

export async function runExample(options: {
  baseUrl: string;
  apiKey?: string;
  userId?: string;
}): Promise<string[]> {
  const userId = options.userId ?? `example-${randomUUID()}`;
  // Namespaces ["users", id, …] live in molt user id's scope.
  const store = new MoltStore({
    baseUrl: options.baseUrl,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    scope: { userId },
    scopeOf: (namespace) => (namespace[0] === 'users' && namespace[1] ? { userId: namespace[1] } : undefined),
  });
  const graph = buildGraph(store);
  await graph.invoke({ userId, message: 'Remember: my staging database is called kestrel-db', recalled: [] });
  const later = await graph.invoke({ userId, message: 'What is the staging database called?', recalled: [] });
  return later.recalled;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const recalled = await runExample({
    baseUrl: process.env.MOLT_URL ?? 'http://127.0.0.1:8420',
    ...(process.env.MOLT_API_KEY ? { apiKey: process.env.MOLT_API_KEY } : {}),
  });
  console.log(recalled);
}
