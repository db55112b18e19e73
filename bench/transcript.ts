/**
 * Seeded synthetic turns for the stack benchmarks: the same transcript on every run. A small turn
 * is a user message and an assistant answer (~300 tokens); a coding turn adds a tool call and its
 * result (~1 500 tokens), with the file paths, call ids and URLs a real agent session carries.
 */
import type { Message } from '../context/messages.js';
import { SeededText } from './seeded-text.js';

const WORDS =
  'the session keeps growing while the agent reads files runs tests and edits code so the context engine summarises older turns keeps recent ones and records decisions identifiers pending work and failures for the next request'.split(
    ' ',
  );
const FILES = [
  'src/server.ts',
  'src/routes/users.ts',
  'test/users.test.ts',
  'package.json',
  'src/db/schema.ts',
];
const CODE_LINES = [
  'export async function listUsers(db: Database, tenantId: string): Promise<User[]> {',
  '  const rows = await db.select().from(users).where(eq(users.tenantId, tenantId));',
  '  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email }));',
  '}',
  "import { describe, expect, it } from 'vitest';",
  "  it('lists the users of one tenant', async () => {",
];

export class TurnGenerator extends SeededText {
  private callCounter = 0;
  constructor(seed: number) {
    super(seed, WORDS, { end: '.', rate: 0.07 });
  }

  private code(chars: number): string {
    const lines: string[] = [];
    let length = 0;
    for (let n = 1; length < chars; n++) {
      const line = `${String(n).padStart(4)}  ${this.pick(CODE_LINES)}`;
      lines.push(line);
      length += line.length + 1;
    }
    return lines.join('\n');
  }

  /** A user message and an assistant answer, ~300 tokens together (~1 200 characters). */
  smallTurn(turn: number): Message[] {
    return [
      { role: 'user', content: `Turn ${turn}: ${this.prose(this.int(350, 450))}` },
      {
        role: 'assistant',
        content: [{ type: 'text', text: this.prose(this.int(700, 850)) }],
        stopReason: 'stop',
      },
    ];
  }

  /** User ask, a tool call, its result (code or a test log) and the assistant's answer. */
  codingTurn(turn: number): Message[] {
    const id = `call_${++this.callCounter}`;
    const path = this.pick(FILES);
    const read = this.random() < 0.6;
    const output = read
      ? this.code(this.int(3_500, 6_500))
      : `${this.prose(this.int(2_500, 5_000))}\nFAIL test/users.test.ts > lists the users of one tenant\nError: expected 3 rows, got 2`;
    return [
      { role: 'user', content: `Turn ${turn}: please look at ${path} — ${this.prose(this.int(150, 400))}` },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: this.prose(this.int(100, 300)) },
          {
            type: 'toolCall',
            id,
            name: read ? 'read' : 'exec',
            arguments: read ? { path } : { command: 'npm test' },
          },
        ],
        stopReason: 'toolUse',
      },
      {
        role: 'toolResult',
        toolCallId: id,
        toolName: read ? 'read' : 'exec',
        content: [{ type: 'text', text: output }],
        isError: !read && this.random() < 0.5,
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `${this.prose(this.int(300, 700))} See https://example.com/docs/${this.pick(WORDS)} and ${path}.`,
          },
        ],
        stopReason: 'stop',
      },
    ];
  }
}
