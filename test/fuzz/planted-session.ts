/**
 * Long coding sessions with artifacts planted at random turns, for the working memory's property
 * test and bench/fidelity: modified files (edit calls), open TODOs (some finished later with
 * `Done: …`), tool failures, and exact identifiers in user messages (hosts, regions, versions,
 * tickets, URLs) — among filler turns that read files, run commands and talk. Seeded: the same
 * seed gives the same session.
 */

import { seeded } from '../../bench/seeded-text.js';
import type { Message, ToolCallBlock } from '../../context/messages.js';

export interface PlantCounts {
  modified: number;
  todos: number;
  /** Of the planted TODOs, how many are finished at a later turn. */
  finished: number;
  failures: number;
  identifiers: number;
}

/** A planted artifact and the turn it was planted at. */
export interface Planted {
  value: string;
  turn: number;
}

export interface PlantedSession {
  /** Messages of each turn, in order. */
  turns: Message[][];
  planted: {
    modified: Planted[];
    /** The TODO's task text; `doneTurn`: the turn that finishes it, if one does. */
    todos: Array<Planted & { doneTurn?: number }>;
    /** A unique marker in each failure's text. */
    failures: Planted[];
    identifiers: Planted[];
  };
}

/** What of the session a summary covering turns before `cut` must hold. */
export function plantedBefore(session: PlantedSession, cut: number) {
  const values = (items: readonly Planted[]) => items.filter((p) => p.turn < cut).map((p) => p.value);
  const todos = session.planted.todos.filter((todo) => todo.turn < cut);
  return {
    modified: values(session.planted.modified),
    openTodos: todos.filter((t) => t.doneTurn === undefined || t.doneTurn >= cut).map((t) => t.value),
    doneTodos: todos.filter((t) => t.doneTurn !== undefined && t.doneTurn < cut).map((t) => t.value),
    failures: values(session.planted.failures),
    identifiers: values(session.planted.identifiers),
  };
}

const WORDS = [
  'adjust',
  'handler',
  'review',
  'layout',
  'cache',
  'parser',
  'report',
  'module',
  'render',
  'check',
  'refine',
  'input',
  'output',
  'service',
  'client',
  'stream',
  'buffer',
  'window',
  'format',
  'value',
  'count',
  'order',
  'option',
  'field',
  'query',
  'index',
  'table',
  'column',
  'screen',
  'button',
];

export function plantedSession(seed: number, turnCount: number, counts: PlantCounts): PlantedSession {
  const random = seeded(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const prose = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const tag = () => `${pick(WORDS)}${int(100, 999)}`;

  // One plant per chosen turn; TODOs to finish get a second, later turn.
  type Plant = { kind: 'modified' | 'todo' | 'failure' | 'identifier' | 'done'; value: string };
  const plants = new Map<number, Plant[]>();
  const plantAt = (turn: number, plant: Plant) => plants.set(turn, [...(plants.get(turn) ?? []), plant]);
  const planted: PlantedSession['planted'] = { modified: [], todos: [], failures: [], identifiers: [] };
  const plant = (list: Planted[], kind: Plant['kind'], value: string) => {
    const turn = int(0, turnCount - 1);
    list.push({ value, turn });
    plantAt(turn, { kind, value });
  };
  for (let i = 0; i < counts.modified; i++)
    plant(planted.modified, 'modified', `src/${pick(WORDS)}/${tag()}-${i}.ts`);
  for (let i = 0; i < counts.todos; i++) {
    const value = `ship the ${tag()} ${pick(WORDS)} change number ${i}`;
    const turn = int(0, turnCount - 2);
    plantAt(turn, { kind: 'todo', value });
    if (i < counts.finished) {
      const doneTurn = int(turn + 1, turnCount - 1);
      planted.todos.push({ value, turn, doneTurn });
      plantAt(doneTurn, { kind: 'done', value });
    } else planted.todos.push({ value, turn });
  }
  for (let i = 0; i < counts.failures; i++)
    plant(planted.failures, 'failure', `E${tag().toUpperCase()}_${i}`);
  const identifierShapes = [
    () => `heron-${pick(WORDS)}-db${int(1, 99)}`,
    () => `eu-west-${int(1, 9)}${pick(['a', 'b', 'c'])}${int(10, 99)}`,
    () => `v${int(1, 30)}.${int(0, 40)}.${int(0, 99)}`,
    () => `INC-${int(1000, 99999)}`,
    () => `https://${pick(WORDS)}${int(1, 999)}.example.com/runs/${int(1, 99999)}`,
    () => `db-${int(1, 99)}.${pick(WORDS)}.internal`,
  ];
  const ids = new Set<string>();
  for (let i = 0; i < counts.identifiers; i++) {
    let id = pick(identifierShapes)();
    while (ids.has(id)) id = pick(identifierShapes)();
    ids.add(id);
    plant(planted.identifiers, 'identifier', id);
  }

  const turns: Message[][] = [];
  let callId = 0;
  for (let turn = 0; turn < turnCount; turn++) {
    const messages: Message[] = [];
    const here = plants.get(turn) ?? [];
    const userParts = [`Please ${prose(int(4, 12))}.`];
    for (const plant of here) {
      if (plant.kind === 'todo') userParts.push(`TODO: ${plant.value}.`);
      if (plant.kind === 'done') userParts.push(`Done: ${plant.value}`);
      if (plant.kind === 'identifier') userParts.push(`Use ${plant.value} for the ${pick(WORDS)} step.`);
    }
    messages.push({ role: 'user', content: userParts.join('\n'), timestamp: turn * 1000 });
    const calls: ToolCallBlock[] = [];
    const results: Message[] = [];
    const read = `docs/${pick(WORDS)}/${tag()}.md`;
    calls.push({ type: 'toolCall', id: `c${++callId}`, name: 'read', arguments: { path: read } });
    results.push({
      role: 'toolResult',
      toolCallId: `c${callId}`,
      toolName: 'read',
      content: [{ type: 'text', text: prose(int(30, 120)) }],
      isError: false,
    });
    for (const plant of here) {
      if (plant.kind === 'modified') {
        calls.push({ type: 'toolCall', id: `c${++callId}`, name: 'edit', arguments: { path: plant.value } });
        results.push({
          role: 'toolResult',
          toolCallId: `c${callId}`,
          toolName: 'edit',
          content: [{ type: 'text', text: 'applied' }],
          isError: false,
        });
      }
      if (plant.kind === 'failure') {
        calls.push({ type: 'toolCall', id: `c${++callId}`, name: 'exec', arguments: { cmd: 'make build' } });
        results.push({
          role: 'toolResult',
          toolCallId: `c${callId}`,
          toolName: 'exec',
          content: [{ type: 'text', text: `${plant.value}: ${prose(int(3, 60))}` }],
          isError: true,
        });
      }
    }
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `I will ${prose(5)}.` }, ...calls] });
    messages.push(...results);
    messages.push({
      role: 'assistant',
      content: [{ type: 'text', text: `Finished: ${prose(int(5, 20))}.` }],
    });
    turns.push(messages);
  }
  return { turns, planted };
}

/** `count` distinct cut points in 1..turnCount-1, sorted: compaction k covers turns [cut k-1, cut k). */
export function compactionCuts(seed: number, turnCount: number, count: number): number[] {
  const random = seeded(seed ^ 0x9e3779b9);
  const cuts = new Set<number>();
  while (cuts.size < Math.min(count, turnCount - 1)) cuts.add(1 + Math.floor(random() * (turnCount - 1)));
  return [...cuts].sort((a, b) => a - b);
}
