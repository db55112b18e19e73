/**
 * The runs whose histories are committed as replay fixtures. Each scenario drives workflows on a
 * real server and returns the JSON histories to record, by fixture name.
 */
import type { Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import type { DatabaseHandle } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { DEFAULT_TENANT_ID, ensureTenant } from '../../db/transcript.js';
import { sessionWorkflowId, stateQuery, type TurnSignal, turnSignal } from '../../workflows/definitions.js';
import type { sessionWorkflow } from '../../workflows/session.js';

export interface ScenarioContext {
  client: Client;
  taskQueue: string;
  database: DatabaseHandle;
}

export interface Scenario {
  /** Fixture name → history as JSON text (`historyToJSON`, the CLI's format). */
  run(context: ScenarioContext): Promise<Record<string, string>>;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('scenario condition not met in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sessionBasic: Scenario = {
  async run({ client, taskQueue, database }) {
    const sessionId = 'replay-session-basic';
    const workflowId = sessionWorkflowId(DEFAULT_TENANT_ID, sessionId);
    await ensureTenant(database.db, DEFAULT_TENANT_ID);
    await database.db
      .insert(sessions)
      .values({ tenantId: DEFAULT_TENANT_ID, id: sessionId, workflowId, contextWindowTokens: 50_000 })
      .onConflictDoNothing();
    const send = (signal: TurnSignal) =>
      client.workflow.signalWithStart<typeof sessionWorkflow, [TurnSignal]>('sessionWorkflow', {
        workflowId,
        taskQueue,
        args: [{ tenantId: DEFAULT_TENANT_ID, sessionId, contextWindowTokens: 50_000 }],
        signal: turnSignal,
        signalArgs: [signal],
      });
    const handle = await send({
      turnId: 't1',
      messages: [{ seq: 1, role: 'user', tokens: 120 }],
      acceptedAt: 1,
    });
    await send({
      turnId: 't2',
      messages: [
        { seq: 2, role: 'assistant', tokens: 300 },
        { seq: 3, role: 'toolResult', tokens: 2_000 },
      ],
      acceptedAt: 2,
    });
    // A re-delivered turn is ignored.
    await send({ turnId: 't1', messages: [{ seq: 1, role: 'user', tokens: 120 }], acceptedAt: 1 });
    await until(
      () => handle.query(stateQuery),
      (s) => s.lastSeq === 3,
    );
    await handle.terminate('replay fixture recorded');
    return { 'session-basic': historyToJSON(await handle.fetchHistory()) };
  },
};

export const scenarios: Scenario[] = [sessionBasic];
