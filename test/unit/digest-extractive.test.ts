import { describe, expect, it } from 'vitest';
import {
  buildExtractiveDigest,
  flattenPreviousSummary,
  MAX_DIGEST_ITEM_CHARS,
  MAX_TIMELINE_LINES,
} from '../../context/index.js';
import { assistant, assistantWithCalls, call, thinking, toolResult, user } from './factories.js';

const SESSION = [
  user('Please migrate src/db.ts to drizzle.'),
  assistantWithCalls([call('read', { path: 'src/db.ts' })], { text: 'Reading the file.' }),
  toolResult('read', 'export const db = ...'),
  assistantWithCalls([call('exec', { cmd: 'npm test' })]),
  toolResult('exec', 'FAIL 2 tests', { isError: true }),
  assistant('Two tests fail. Next I will fix the schema.'),
];

describe('buildExtractiveDigest', () => {
  it('opens with a scope line counting the messages per role', () => {
    expect(buildExtractiveDigest(SESSION)).toContain(
      '- Scope: 6 earlier messages compacted (user=1, assistant=3, toolResult=2).',
    );
  });

  it('lists the tools used, sorted', () => {
    expect(buildExtractiveDigest(SESSION)).toContain('- Tools used: exec, read.');
  });

  it('quotes the recent user requests', () => {
    expect(buildExtractiveDigest(SESSION)).toContain(
      '- Recent user requests:\n  - Please migrate src/db.ts to drizzle.',
    );
  });

  it('lists pending work', () => {
    expect(buildExtractiveDigest(SESSION)).toContain('- Pending work:\n  - Next I will fix the schema.');
  });

  it('lists key files', () => {
    expect(buildExtractiveDigest(SESSION)).toContain('- Key files: src/db.ts.');
  });

  it('names the current work from the newest user or assistant text', () => {
    expect(buildExtractiveDigest(SESSION)).toContain(
      '- Current work: Two tests fail. Next I will fix the schema.',
    );
  });

  it('has one timeline line per message, with tool calls and failed results marked', () => {
    const digest = buildExtractiveDigest(SESSION);
    expect(digest).toContain('  - assistant: Reading the file. | tool call read({"path":"src/db.ts"})');
    expect(digest).toContain('  - toolResult exec (error): FAIL 2 tests');
    expect(
      digest
        .split('\n')
        .filter((line) => line.startsWith('  - ') && /^ {2}- (user|assistant|toolResult)/.test(line)),
    ).toHaveLength(SESSION.length);
  });

  it('caps every item at 160 chars', () => {
    const digest = buildExtractiveDigest([user('x'.repeat(1000))]);
    const longest = Math.max(
      ...digest.split('\n').map((line) => line.replace(/^\s*- (?:[\w ]+: )?/, '').length),
    );
    expect(longest).toBeLessThanOrEqual(MAX_DIGEST_ITEM_CHARS + 1);
  });

  it('lists only the newest messages in the timeline and counts the others', () => {
    const many = Array.from({ length: MAX_TIMELINE_LINES + 5 }, (_, i) => user(`message ${i}`));
    const digest = buildExtractiveDigest(many);
    expect(digest).toContain('  - (5 earlier messages not listed)');
    expect(digest).not.toContain('  - user: message 4\n');
    expect(digest).toContain(`  - user: message ${MAX_TIMELINE_LINES + 4}`);
  });

  it('folds in the previous summary', () => {
    expect(buildExtractiveDigest(SESSION, { previousSummary: 'Summary:\nEarlier we set up CI.' })).toContain(
      '- Earlier summary:\n  Earlier we set up CI.',
    );
  });

  it('leaves thinking out', () => {
    const digest = buildExtractiveDigest([{ role: 'assistant', content: [thinking('secret plan')] }]);
    expect(digest).not.toContain('secret plan');
  });

  it('is deterministic', () => {
    expect(buildExtractiveDigest(SESSION)).toBe(buildExtractiveDigest(SESSION));
  });

  it('never throws on malformed messages', () => {
    expect(() =>
      buildExtractiveDigest([null, { role: 'assistant', content: [null] }] as never[]),
    ).not.toThrow();
  });
});

describe('flattenPreviousSummary', () => {
  it('drops the headers and the summary the previous digest had folded in, so nesting stays one level deep', () => {
    const previous = [
      'Summary:',
      'Conversation summary:',
      '- Scope: 6 earlier messages compacted (user=2, assistant=2, toolResult=2).',
      '- Earlier summary:',
      '  - Scope: 4 earlier messages compacted.',
      '  - Earlier summary:',
      '    - Scope: 2 earlier messages compacted.',
      '- Tools used: exec.',
    ].join('\n');
    expect(flattenPreviousSummary(previous)).toBe(
      [
        '- Scope: 6 earlier messages compacted (user=2, assistant=2, toolResult=2).',
        '- Tools used: exec.',
      ].join('\n'),
    );
  });
});
