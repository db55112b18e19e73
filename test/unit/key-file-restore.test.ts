/**
 * Post-compaction key-file restore (context/restore/): the properties over generated sessions of
 * reads, edits and writes split at a boundary — a restored file is the newest content seen before
 * the boundary, the budgets hold, nothing already live is repeated, the bytes are deterministic and
 * the quoted content can never close its fence — and the rules by example.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, TextBlock } from '../../context/messages.js';
import {
  DEFAULT_KEY_FILE_RESTORE,
  EDIT_REPLACEMENT_LABEL,
  fenceFor,
  KEY_FILE_RESTORE_MAX_WINDOW_SHARE,
  type KeyFileRestoreSettings,
  planKeyFileRestore,
  RESTORE_HEADER,
  resolveKeyFileRestoreSettings,
  type SeqMessage,
} from '../../context/restore/index.js';
import { createTokenCounter } from '../../context/tokens/index.js';
import { assistantWithCalls, call, toolResult, user } from './factories.js';

const counter = createTokenCounter({ mode: 'estimate' });

type Op = {
  path: string;
  kind: 'read' | 'edit' | 'write';
  ok: boolean;
  content: string;
};

const PATHS = ['src/a.ts', 'src/b.ts', 'docs/c.md', 'x/d.json', 'e.py', 'f/g.rs', 'h.toml'];
const TOOL: Record<Op['kind'], string> = { read: 'read', edit: 'edit', write: 'write' };

/** Content with lines, backticks, tags and wide characters: the framing must hold for all of it. */
const contentArb = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('```', '````', '\n```\n', '</molt>', '\n', '中文字符', '😀', 'x'.repeat(900)),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const opArb: fc.Arbitrary<Op> = fc.record({
  path: fc.constantFrom(...PATHS),
  kind: fc.constantFrom('read', 'edit', 'write'),
  ok: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  content: contentArb,
});

/** The messages of one operation: the call, then its result (an edit's result shows its new text). */
function opMessages(op: Op, index: number): Message[] {
  const id = `c${index}`;
  const args: Record<string, unknown> =
    op.kind === 'write'
      ? { path: op.path, content: op.content }
      : op.kind === 'edit'
        ? { path: op.path, old_string: 'old', new_string: op.content }
        : { path: op.path };
  const result = op.ok ? (op.kind === 'write' ? 'wrote the file' : op.content) : 'Error: failed';
  return [
    assistantWithCalls([call(TOOL[op.kind], args, { id })]),
    toolResult(TOOL[op.kind], result, { id, ...(op.ok ? {} : { isError: true }) }),
  ];
}

/** What the oracle expects each op to show of its file. */
const shown = (op: Op) => op.content;

interface Case {
  ops: Op[];
  /** The boundary: messages [0, cut) are compacted. */
  cut: number;
  messages: Message[];
  settings: KeyFileRestoreSettings;
  window: number;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    ops: fc.array(opArb, { minLength: 1, maxLength: 14 }),
    cutShare: fc.integer({ min: 0, max: 1_000 }).map((n) => n / 1_000),
    maxFiles: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(0)),
    maxTokensPerFile: fc.oneof(fc.integer({ min: 150, max: 1_500 }), fc.integer({ min: 50, max: 150 })),
    maxTotalTokens: fc.oneof(fc.integer({ min: 500, max: 6_000 }), fc.integer({ min: 50, max: 500 })),
    window: fc.oneof(fc.integer({ min: 20_000, max: 200_000 }), fc.integer({ min: 2_000, max: 20_000 })),
  })
  .map(({ ops, cutShare, window, ...limits }) => {
    const messages = [user('start'), ...ops.flatMap((op, i) => opMessages(op, i))];
    return {
      ops,
      cut: Math.floor(cutShare * messages.length),
      messages,
      settings: { enabled: true, ...limits },
      window,
    };
  });

function plan(c: Case) {
  const compacted: SeqMessage[] = c.messages.slice(0, c.cut).map((body, i) => ({ seq: i + 1, body }));
  return planKeyFileRestore({
    compacted,
    live: c.messages.slice(c.cut),
    settings: c.settings,
    windowTokens: c.window,
    counter,
  });
}

/** The oracle, from the ops: each op's result seq, and whether it is before the boundary. */
function oracle(c: Case) {
  const newest = new Map<string, { seq: number; text: string }>();
  const live = new Set<string>();
  c.ops.forEach((op, i) => {
    const callIndex = 1 + 2 * i; // messages[0] is the user's
    const resultSeq = callIndex + 2;
    if (!op.ok) return;
    if (callIndex + 1 < c.cut) newest.set(op.path, { seq: resultSeq, text: shown(op) });
    else live.add(op.path);
  });
  return { newest, live };
}

/** Parses a file block back: its path, seq and the fenced content, exactly. */
function parseBlock(text: string) {
  const [head = '', fence = '', ...rest] = text.split('\n');
  const match = /^File (".*") — (read|edit|write) result at seq (\d+)$/.exec(head);
  expect(match).not.toBeNull();
  expect(fence).toMatch(/^`{3,}$/);
  const close = rest.indexOf(fence);
  expect(close).toBeGreaterThanOrEqual(0);
  const after = rest.slice(close + 1);
  expect(after.every((line) => !line.startsWith('`'))).toBe(true);
  return {
    path: JSON.parse(match![1]!) as string,
    seq: Number(match![3]),
    content: rest.slice(0, close).join('\n'),
  };
}

describe('key-file restore: properties', () => {
  it('restores only the newest content seen before the boundary, within every budget, never what is live', () => {
    const seen = { runs: 0, restored: 0, cut: 0, skippedLive: 0 };
    fc.assert(
      fc.property(caseArb, (c) => {
        const restore = plan(c);
        const { newest, live } = oracle(c);
        seen.runs++;
        if (restore.files.length > 0) seen.restored++;
        if (restore.files.some((f) => f.shownChars < f.chars)) seen.cut++;
        if (restore.skippedLive.length > 0) seen.skippedLive++;
        const cap = Math.min(
          c.settings.maxTotalTokens,
          Math.floor(c.window * KEY_FILE_RESTORE_MAX_WINDOW_SHARE),
        );
        expect(restore.files.length).toBeLessThanOrEqual(c.settings.maxFiles);
        if (restore.message === null) {
          expect(restore.files).toEqual([]);
          expect(restore.tokens).toBe(0);
          return;
        }
        expect(restore.tokens).toBe(counter.messageTokens(restore.message));
        expect(restore.tokens).toBeLessThanOrEqual(cap);
        const blocks = restore.message.content as TextBlock[];
        expect(blocks[0]!.text).toBe(RESTORE_HEADER);
        expect(blocks.length).toBe(restore.files.length + 1);
        const paths = new Set<string>();
        restore.files.forEach((file, i) => {
          const block = blocks[i + 1]!.text;
          expect(counter.textTokens(block)).toBe(file.tokens);
          expect(file.tokens).toBeLessThanOrEqual(c.settings.maxTokensPerFile);
          const parsed = parseBlock(block);
          expect(parsed.path).toBe(file.path);
          expect(parsed.seq).toBe(file.seq);
          const expected = newest.get(file.path);
          expect(expected, `restored ${file.path} that was never seen before the boundary`).toBeDefined();
          expect(file.seq).toBe(expected!.seq);
          expect(expected!.text.startsWith(parsed.content)).toBe(true);
          expect(parsed.content.length).toBe(file.shownChars);
          expect(file.chars).toBe(expected!.text.length);
          expect(live.has(file.path)).toBe(false);
          expect(paths.has(file.path)).toBe(false);
          paths.add(file.path);
        });
      }),
      { numRuns: 600 },
    );
    // The generator reaches every branch often enough for the property to mean something.
    expect(seen.restored / seen.runs).toBeGreaterThan(0.15);
    expect(seen.cut).toBeGreaterThan(10);
    expect(seen.skippedLive).toBeGreaterThan(10);
  });

  it('puts modified files first, then read ones, each newest first', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const restore = plan(c);
        const modified = new Set(
          c.ops.filter((op, i) => op.ok && op.kind !== 'read' && 2 + 2 * i < c.cut).map((op) => op.path),
        );
        const groups = restore.files.map((f) => (modified.has(f.path) ? 0 : 1));
        expect([...groups].sort()).toEqual(groups);
        for (let i = 1; i < restore.files.length; i++) {
          if (groups[i] === groups[i - 1])
            expect(restore.files[i]!.seq).toBeLessThan(restore.files[i - 1]!.seq);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same bytes for the same state', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const again = structuredClone(c);
        expect(JSON.stringify(plan(again))).toBe(JSON.stringify(plan(c)));
      }),
      { numRuns: 200 },
    );
  });

  it('fences any content so that nothing inside closes it', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const fence = fenceFor(content);
        expect(fence.length).toBeGreaterThanOrEqual(3);
        expect(content.includes(fence)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe('key-file restore: rules', () => {
  const seqd = (messages: Message[]): SeqMessage[] => messages.map((body, i) => ({ seq: i + 1, body }));
  const settings = resolveKeyFileRestoreSettings();

  it('defaults on, 5 files, 1,000 tokens each; a session config overrides field by field', () => {
    expect(settings).toEqual({ ...DEFAULT_KEY_FILE_RESTORE });
    expect(resolveKeyFileRestoreSettings({ maxFiles: 2 })).toEqual({
      ...DEFAULT_KEY_FILE_RESTORE,
      maxFiles: 2,
    });
    expect(resolveKeyFileRestoreSettings({ enabled: false }).enabled).toBe(false);
  });

  it('restores nothing when disabled', () => {
    const compacted = seqd(opMessages({ path: 'a.ts', kind: 'read', ok: true, content: 'x' }, 0));
    const off = { ...settings, enabled: false };
    expect(
      planKeyFileRestore({ compacted, live: [], settings: off, windowTokens: 100_000, counter }).message,
    ).toBeNull();
  });

  it("shows an edit's new text when its result does not", () => {
    const compacted = seqd([
      assistantWithCalls([
        call('edit', { path: 'a.ts', old_string: 'a', new_string: 'const b = 2;' }, { id: 'e' }),
      ]),
      toolResult('edit', 'Successfully replaced text in a.ts.', { id: 'e' }),
    ]);
    const restore = planKeyFileRestore({ compacted, live: [], settings, windowTokens: 100_000, counter });
    const block = (restore.message!.content as TextBlock[])[1]!.text;
    expect(block).toContain(`Successfully replaced text in a.ts.${EDIT_REPLACEMENT_LABEL}const b = 2;`);
    expect(restore.files[0]).toMatchObject({ path: 'a.ts', operation: 'edit', seq: 2 });
  });

  it('cuts a long file to its budget and says so', () => {
    const long = Array.from({ length: 2_000 }, (_, i) => `line ${i}`).join('\n');
    const compacted = seqd(opMessages({ path: 'big.ts', kind: 'read', ok: true, content: long }, 0));
    const restore = planKeyFileRestore({ compacted, live: [], settings, windowTokens: 200_000, counter });
    const file = restore.files[0]!;
    expect(file.tokens).toBeLessThanOrEqual(1_000);
    expect(file.tokens).toBeGreaterThan(900);
    expect(file.shownChars).toBeLessThan(long.length);
    expect((restore.message!.content as TextBlock[])[1]!.text).toContain(
      `the first ${file.shownChars} of ${long.length} characters are shown`,
    );
  });

  it('skips a file whose call was compacted but whose result is live', () => {
    const [callMessage, result] = opMessages({ path: 'a.ts', kind: 'read', ok: true, content: 'new' }, 1);
    const compacted = seqd([
      ...opMessages({ path: 'a.ts', kind: 'read', ok: true, content: 'old' }, 0),
      callMessage!,
    ]);
    const restore = planKeyFileRestore({
      compacted,
      live: [result!],
      settings,
      windowTokens: 100_000,
      counter,
    });
    expect(restore.message).toBeNull();
    expect(restore.skippedLive).toEqual(['a.ts']);
  });
});
