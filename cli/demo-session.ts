/**
 * The demo's bundled agent session: a coding agent working through a repository, with file
 * reads, edits, test runs (some failing), TODOs and growing tool output. Deterministic.
 */
import type { Message } from '../context/messages.js';

export interface DemoTurn {
  turnId: string;
  messages: Message[];
}

const FILES = [
  'src/server.ts',
  'src/routes/users.ts',
  'src/db/pool.ts',
  'test/users.test.ts',
  'package.json',
];
const ASKS = [
  'Add pagination to GET /users (cursor based, limit 1..100).',
  'The users test is flaky on CI; find out why and fix it.',
  'Move the database pool settings into config and document them.',
  'Next: add an index on users(created_at) and a migration for it.',
  'Review the error handling in src/routes/users.ts; TODO: return 404 for unknown ids.',
];

function fileBody(path: string, turn: number, lines: number): string {
  const out: string[] = [`// ${path} (revision ${turn})`];
  for (let i = 0; i < lines; i++) {
    out.push(
      `export function step${turn}_${i}(input: number): number { return input * ${i + 1} + ${turn}; }`,
    );
  }
  return out.join('\n');
}

export function demoSession(turns: number): DemoTurn[] {
  const result: DemoTurn[] = [];
  for (let t = 0; t < turns; t++) {
    const file = FILES[t % FILES.length]!;
    const ask = ASKS[t % ASKS.length]!;
    const callRead = `call_${t}_read`;
    const callTest = `call_${t}_test`;
    const callEdit = `call_${t}_edit`;
    const failing = t % 4 === 3;
    const messages: Message[] = [
      { role: 'user', content: `${ask} (step ${t + 1})` },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Reading ${file} before changing it.` },
          { type: 'toolCall', id: callRead, name: 'read', arguments: { path: file } },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: callRead,
        toolName: 'read',
        content: [{ type: 'text', text: fileBody(file, t, 40 + (t % 7) * 30) }],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Applying the change to ${file}.` },
          {
            type: 'toolCall',
            id: callEdit,
            name: 'edit',
            arguments: { path: file, oldText: `step${t}_0`, newText: `step${t}_0_v2` },
          },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: callEdit,
        toolName: 'edit',
        content: [{ type: 'text', text: `Edited ${file}.` }],
      },
      {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: callTest, name: 'exec', arguments: { command: 'npm test -- users' } },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: callTest,
        toolName: 'exec',
        isError: failing,
        details: { exitCode: failing ? 1 : 0 },
        content: [
          {
            type: 'text',
            text: failing
              ? `FAIL test/users.test.ts\n  ✕ paginates users (timeout after 5000 ms)\nError: connect ECONNREFUSED 127.0.0.1:5432\nexit code 1`
              : `PASS test/users.test.ts (${12 + t} tests)\nDone in ${(1.2 + t / 10).toFixed(1)}s`,
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: failing
              ? `The test fails because the pool connects before the container is ready. Next I will add a readiness wait in test/setup.ts.`
              : `Done with step ${t + 1}: ${file} updated and the users tests pass.`,
          },
        ],
        stopReason: 'stop',
      },
    ];
    result.push({ turnId: `demo-turn-${t + 1}`, messages });
  }
  return result;
}
