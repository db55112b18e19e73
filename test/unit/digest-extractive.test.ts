import { describe, expect, it } from 'vitest';
import { buildExtractiveDigest, flattenPreviousSummary } from '../../context/index.js';
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
  it('has the working memory structure, without a doubled header', () => {
    const digest = buildExtractiveDigest(SESSION);
    for (const heading of ['## Task', '## Current state', '## Files read (recent)', '## Open TODOs']) {
      expect(digest).toContain(heading);
    }
    expect(digest).not.toMatch(/^(?:Summary|Conversation summary):$/m);
  });

  it('names the task from the first substantial user request', () => {
    expect(buildExtractiveDigest(SESSION)).toContain('## Task\nPlease migrate src/db.ts to drizzle.');
  });

  it('counts the messages and tools in its narrative instead of quoting tool output', () => {
    const digest = buildExtractiveDigest(SESSION);
    expect(digest).toContain(
      '6 messages (1 from the user, 3 from the assistant, 2 tool results, 1 of them errors)',
    );
    expect(digest).toContain('Tools called: exec ×1, read ×1.');
    expect(digest).not.toContain('export const db = ...');
  });

  it('lists pending work as open TODOs', () => {
    expect(buildExtractiveDigest(SESSION)).toContain('## Open TODOs\n- [ ] Next I will fix the schema.');
  });

  it('lists files read and the failure', () => {
    const digest = buildExtractiveDigest(SESSION);
    expect(digest).toContain('## Files read (recent)\n- src/db.ts');
    expect(digest).toContain('## Tool failures\n- exec: FAIL 2 tests');
  });

  it('names the current state from the newest user and assistant text', () => {
    expect(buildExtractiveDigest(SESSION)).toContain(
      'Last progress: Two tests fail. Next I will fix the schema.',
    );
  });

  it('never cuts inside a word, however long the text', () => {
    const words = Array.from({ length: 400 }, (_, i) => `heron-staging-db-${i}`).join(' ');
    const digest = buildExtractiveDigest([user(`Deploy to ${words}`)]);
    for (const token of digest.split(/\s+/)) {
      const bare = token.replace(/^["(]+|[").,;]+$/g, '');
      if (bare.startsWith('heron-staging-db-')) expect(bare).toMatch(/^heron-staging-db-\d+$/);
    }
    expect(digest).toContain(' …');
  });

  it('keeps identifiers the user gave verbatim', () => {
    const digest = buildExtractiveDigest([
      user('Restore heron-staging-db in eu-west-3 from snapshot INC-4521 with node@20.11.1'),
    ]);
    for (const id of ['heron-staging-db', 'eu-west-3', 'INC-4521', 'node@20.11.1']) {
      expect(digest).toContain(`- ${id}`);
    }
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
