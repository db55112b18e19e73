import { describe, expect, it } from 'vitest';
import {
  extractOpenTodos,
  inferPendingWork,
  MAX_DONE_TODOS_KEPT,
  MAX_PENDING_WORK_CHARS,
  MAX_PENDING_WORK_ITEMS,
  mergeTodos,
  parseTodoLine,
  type Todo,
} from '../../context/index.js';
import { assistant, toolResult, user } from './factories.js';

describe('inferPendingWork', () => {
  it('keeps sentences that mention todo, next, pending, follow up or remaining', () => {
    const work = inferPendingWork([
      user('Fix the login bug. TODO: add a regression test.'),
      assistant('Done with the parser. Next I will update the docs. The weather is nice.'),
      assistant('Two files are pending review! Remaining: the CLI. We should follow up with ops.'),
    ]);
    expect(work).toEqual([
      'TODO: add a regression test.',
      'Next I will update the docs.',
      'Two files are pending review!',
      'Remaining: the CLI.',
      'We should follow up with ops.',
    ]);
  });

  it('matches whole words only, so "nextjs", "next.js" and "todos_app" are not pending work', () => {
    expect(
      inferPendingWork([user('Migrate to nextjs. Use next.js 14. Rename todos_app. Extended the API.')]),
    ).toEqual([]);
  });

  it('keeps the newest items, oldest first, at most MAX_PENDING_WORK_ITEMS', () => {
    const messages = Array.from({ length: 8 }, (_, i) => assistant(`Next step ${i}.`));
    const work = inferPendingWork(messages);
    expect(work).toHaveLength(MAX_PENDING_WORK_ITEMS);
    expect(work[0]).toBe('Next step 3.');
    expect(work.at(-1)).toBe('Next step 7.');
  });

  it('ignores tool output (source full of TODO comments is not the plan)', () => {
    expect(inferPendingWork([toolResult('read', '// TODO: refactor this')])).toEqual([]);
  });

  it('drops repeats of the same sentence', () => {
    expect(inferPendingWork([user('Next: ship it.'), assistant('next: ship it')])).toEqual(['next: ship it']);
  });

  it('caps each item near 160 chars without cutting a word', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const [item] = inferPendingWork([user(`TODO ${words} heron-staging-db eu-west-3`)]);
    expect(item!.length).toBeLessThanOrEqual(MAX_PENDING_WORK_CHARS + 20);
    expect(item?.endsWith(' …')).toBe(true);
    for (const word of item!.replace(/ …$/, '').split(' '))
      expect(`TODO ${words}`.split(' ')).toContain(word);
  });

  it('keeps the word the cap falls in whole', () => {
    const [item] = inferPendingWork([user(`TODO ${'a '.repeat(75)}heron-staging-db-in-eu-west-3 and more`)]);
    expect(item).toContain('heron-staging-db-in-eu-west-3');
  });
});

describe('parseTodoLine', () => {
  it('reads a plain or unchecked bullet as open', () => {
    expect(parseTodoLine('- write tests')).toEqual({ text: 'write tests', status: 'open' });
    expect(parseTodoLine('- [ ] write tests')).toEqual({ text: 'write tests', status: 'open' });
  });

  it('reads a checked box, a strike-through or a "(done)" suffix as done', () => {
    expect(parseTodoLine('- [x] ship')).toEqual({ text: 'ship', status: 'done' });
    expect(parseTodoLine('* ~~ship~~')).toEqual({ text: 'ship', status: 'done' });
    expect(parseTodoLine('1. ship (done)')).toEqual({ text: 'ship', status: 'done' });
  });

  it('reads "None." as no item', () => {
    expect(parseTodoLine('None.')).toBeUndefined();
    expect(parseTodoLine('- (none)')).toBeUndefined();
  });
});

describe('extractOpenTodos', () => {
  it('reads the items under "## Open TODOs" up to the next heading', () => {
    const body =
      '## Decisions\n- use pg\n## Open TODOs\n- [ ] add index\n- [x] write migration\n\n## Constraints/Rules\n- none';
    expect(extractOpenTodos(body)).toEqual([
      { text: 'add index', status: 'open' },
      { text: 'write migration', status: 'done' },
    ]);
  });

  it('accepts the heading with a trailing colon', () => {
    expect(extractOpenTodos('## Open TODOs:\n- ship')).toEqual([{ text: 'ship', status: 'open' }]);
  });

  it('is empty without the heading', () => {
    expect(extractOpenTodos('## Decisions\n- a')).toEqual([]);
  });
});

describe('mergeTodos', () => {
  it('keeps an open TODO that the new summary no longer mentions (it never silently disappears)', () => {
    const merged = mergeTodos([{ text: 'add index', status: 'open' }], ['deploy']);
    expect(merged).toEqual([
      { text: 'add index', status: 'open' },
      { text: 'deploy', status: 'open' },
    ]);
  });

  it('closes a TODO only when a later summary marks it done', () => {
    const merged = mergeTodos(
      [{ text: 'Add index.', status: 'open' }],
      [{ text: 'add index', status: 'done' }],
    );
    expect(merged).toEqual([{ text: 'Add index.', status: 'done' }]);
  });

  it('does not duplicate a TODO worded with different case, spacing or final punctuation', () => {
    expect(mergeTodos([{ text: 'Ship  it', status: 'open' }], ['ship it.'])).toHaveLength(1);
  });

  it('drops only the oldest finished TODOs beyond MAX_DONE_TODOS_KEPT', () => {
    const done: Todo[] = Array.from({ length: MAX_DONE_TODOS_KEPT + 3 }, (_, i) => ({
      text: `d${i}`,
      status: 'done',
    }));
    const merged = mergeTodos([...done, { text: 'still open', status: 'open' }], []);
    expect(merged.filter((todo) => todo.status === 'done')).toHaveLength(MAX_DONE_TODOS_KEPT);
    expect(merged[0]?.text).toBe('d3');
    expect(merged.some((todo) => todo.text === 'still open')).toBe(true);
  });
});
