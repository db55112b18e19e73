/**
 * Anthropic's memory tool over files (context/memory/memory-files.ts): every command's documented
 * shape and strings, and paths that must never leave /memories, whatever the model sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMemoryCommand,
  MEMORY_FILE_MAX,
  type MemoryCommand,
  memoryCommandSchema,
  pathProblem,
} from '../../context/memory/memory-files.js';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const run = (state: Map<string, string>, input: unknown) =>
  applyMemoryCommand(state, memoryCommandSchema.parse(input) as MemoryCommand);

describe('view', () => {
  const state = files({
    '/memories/notes.txt': 'Hello World\nThis is line two',
    '/memories/projects/a/plan.md': 'x'.repeat(2048),
    '/memories/projects/b.md': 'b',
    '/memories/.hidden': 'secret',
    '/memories/node_modules/x.js': 'x',
  });

  it('lists a directory two levels deep with sizes, hidden items and node_modules left out', () => {
    const result = run(state, { command: 'view', path: '/memories' });
    expect(result.isError).toBe(false);
    expect(result.text.split('\n')).toEqual([
      "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:",
      '2.0K\t/memories',
      '11B\t/memories/notes.txt'.replace('11B', `${'Hello World\nThis is line two'.length}B`),
      '2.0K\t/memories/projects',
      '2.0K\t/memories/projects/a',
      '1B\t/memories/projects/b.md',
    ]);
  });

  it('shows a file with 6-wide line numbers and a tab, whole or a range', () => {
    expect(run(state, { command: 'view', path: '/memories/notes.txt' }).text).toBe(
      "Here's the content of /memories/notes.txt with line numbers:\n     1\tHello World\n     2\tThis is line two",
    );
    expect(run(state, { command: 'view', path: '/memories/notes.txt', view_range: [2, -1] }).text).toBe(
      "Here's the content of /memories/notes.txt with line numbers:\n     2\tThis is line two",
    );
    expect(run(state, { command: 'view', path: '/memories/notes.txt', view_range: [5, 6] }).isError).toBe(
      true,
    );
  });

  it('answers the documented string for a missing path', () => {
    expect(run(state, { command: 'view', path: '/memories/nope' })).toMatchObject({
      isError: true,
      text: 'The path /memories/nope does not exist. Please provide a valid path.',
    });
  });

  it('shows an empty /memories', () => {
    expect(run(files({}), { command: 'view', path: '/memories' }).text).toContain('0B\t/memories');
  });
});

describe('create', () => {
  it('creates, and refuses an existing file without overwriting it', () => {
    const state = files({ '/memories/a.txt': 'old' });
    expect(run(state, { command: 'create', path: '/memories/b.txt', file_text: 'new' })).toMatchObject({
      text: 'File created successfully at: /memories/b.txt',
      writes: [{ path: '/memories/b.txt', content: 'new' }],
    });
    expect(run(state, { command: 'create', path: '/memories/a.txt', file_text: 'x' })).toMatchObject({
      isError: true,
      text: 'Error: File /memories/a.txt already exists',
      writes: [],
    });
  });

  it('refuses a file where a directory is, and a file under a file', () => {
    const state = files({ '/memories/dir/a.txt': 'a' });
    expect(run(state, { command: 'create', path: '/memories/dir', file_text: 'x' }).isError).toBe(true);
    expect(run(state, { command: 'create', path: '/memories', file_text: 'x' }).isError).toBe(true);
    expect(run(state, { command: 'create', path: '/memories/dir/a.txt/b', file_text: 'x' }).text).toBe(
      'Error: The path /memories/dir/a.txt is a file, not a directory',
    );
  });

  it('refuses huge input at the schema', () => {
    const huge = { command: 'create', path: '/memories/big', file_text: 'x'.repeat(MEMORY_FILE_MAX + 1) };
    expect(memoryCommandSchema.safeParse(huge).success).toBe(false);
  });
});

describe('str_replace', () => {
  const state = files({ '/memories/prefs.txt': 'Favorite color: blue\nFood: pizza\nFood: pizza' });

  it('replaces a unique text and shows the edited lines', () => {
    const result = run(state, {
      command: 'str_replace',
      path: '/memories/prefs.txt',
      old_str: 'blue',
      new_str: 'green $& $1',
    });
    expect(result.isError).toBe(false);
    expect(
      result.text.startsWith('The memory file has been edited.\n     1\tFavorite color: green $& $1'),
    ).toBe(true);
    expect(result.writes).toEqual([
      {
        path: '/memories/prefs.txt',
        content: 'Favorite color: green $& $1\nFood: pizza\nFood: pizza',
        replaces: '/memories/prefs.txt',
      },
    ]);
  });

  it('answers the documented strings for missing, absent and repeated text', () => {
    expect(run(state, { command: 'str_replace', path: '/memories/x', old_str: 'a', new_str: 'b' }).text).toBe(
      'Error: The path /memories/x does not exist. Please provide a valid path.',
    );
    expect(
      run(state, { command: 'str_replace', path: '/memories/prefs.txt', old_str: 'red', new_str: 'b' }).text,
    ).toBe('No replacement was performed, old_str `red` did not appear verbatim in /memories/prefs.txt.');
    expect(
      run(state, {
        command: 'str_replace',
        path: '/memories/prefs.txt',
        old_str: 'Food: pizza',
        new_str: 'b',
      }).text,
    ).toBe(
      'No replacement was performed. Multiple occurrences of old_str `Food: pizza` in lines: 2, 3. Please ensure it is unique',
    );
  });

  it('treats a directory as missing', () => {
    const dir = files({ '/memories/d/a': 'a' });
    expect(
      run(dir, { command: 'str_replace', path: '/memories/d', old_str: 'a', new_str: 'b' }).isError,
    ).toBe(true);
  });

  it('refuses an edit that grows the file past the limit', () => {
    const big = files({ '/memories/big': 'x'.repeat(MEMORY_FILE_MAX - 1) });
    const result = run(big, { command: 'str_replace', path: '/memories/big', old_str: 'x', new_str: 'yy' });
    expect(result.isError).toBe(true);
  });
});

describe('insert', () => {
  const state = files({ '/memories/todo.txt': 'one\ntwo' });

  it('inserts after the given line (0: at the top)', () => {
    expect(
      run(state, { command: 'insert', path: '/memories/todo.txt', insert_line: 0, insert_text: 'zero\n' }),
    ).toMatchObject({
      text: 'The file /memories/todo.txt has been edited.',
      writes: [{ content: 'zero\none\ntwo' }],
    });
    expect(
      run(state, { command: 'insert', path: '/memories/todo.txt', insert_line: 2, insert_text: 'three' })
        .writes,
    ).toMatchObject([{ content: 'one\ntwo\nthree' }]);
  });

  it('answers the documented strings for a missing file and a line out of range', () => {
    expect(
      run(state, { command: 'insert', path: '/memories/x', insert_line: 0, insert_text: 'a' }).text,
    ).toBe('Error: The path /memories/x does not exist');
    expect(
      run(state, { command: 'insert', path: '/memories/todo.txt', insert_line: 3, insert_text: 'a' }).text,
    ).toBe(
      'Error: Invalid `insert_line` parameter: 3. It should be within the range of lines of the file: [0, 2]',
    );
    expect(
      run(state, { command: 'insert', path: '/memories/todo.txt', insert_line: -1, insert_text: 'a' })
        .isError,
    ).toBe(true);
  });
});

describe('delete and rename', () => {
  const state = files({ '/memories/a.txt': 'a', '/memories/d/b.txt': 'b', '/memories/d/e/c.txt': 'c' });

  it('deletes a file, or a directory with everything in it', () => {
    expect(run(state, { command: 'delete', path: '/memories/a.txt' })).toMatchObject({
      text: 'Successfully deleted /memories/a.txt',
      deletes: ['/memories/a.txt'],
    });
    expect(run(state, { command: 'delete', path: '/memories/d' }).deletes.sort()).toEqual([
      '/memories/d/b.txt',
      '/memories/d/e/c.txt',
    ]);
    expect(run(state, { command: 'delete', path: '/memories/zz' }).text).toBe(
      'Error: The path /memories/zz does not exist',
    );
    expect(run(state, { command: 'delete', path: '/memories' }).isError).toBe(true);
  });

  it('renames a file or a directory, never over an existing one', () => {
    expect(
      run(state, { command: 'rename', old_path: '/memories/a.txt', new_path: '/memories/z.txt' }),
    ).toMatchObject({
      text: 'Successfully renamed /memories/a.txt to /memories/z.txt',
      writes: [{ path: '/memories/z.txt', content: 'a', replaces: '/memories/a.txt' }],
    });
    expect(
      run(state, { command: 'rename', old_path: '/memories/d', new_path: '/memories/n' }).writes,
    ).toEqual([
      { path: '/memories/n/b.txt', content: 'b', replaces: '/memories/d/b.txt' },
      { path: '/memories/n/e/c.txt', content: 'c', replaces: '/memories/d/e/c.txt' },
    ]);
    expect(run(state, { command: 'rename', old_path: '/memories/a.txt', new_path: '/memories/d' }).text).toBe(
      'Error: The destination /memories/d already exists',
    );
    expect(run(state, { command: 'rename', old_path: '/memories/q', new_path: '/memories/r' }).text).toBe(
      'Error: The path /memories/q does not exist',
    );
    expect(
      run(state, { command: 'rename', old_path: '/memories/d', new_path: '/memories/d/e/x' }).isError,
    ).toBe(true);
  });
});

describe('paths never leave /memories', () => {
  const attacks = [
    '/memories/../etc/passwd',
    '/memories/../../x',
    '/memories/./a',
    '/memories/a/..',
    '/memories/%2e%2e/x',
    '/memories/%2E%2E%2Fx',
    '/memories/..%2fx',
    '/memories\\..\\x',
    '/etc/passwd',
    'memories/a',
    '/memoriesX/a',
    '/memories//a',
    '/memories/a/',
    '/memories/a\u0000b',
    '../memories/a',
    '',
    // Unicode lookalikes of '/', '.', '..' and '\\', and invisible characters.
    '/memories/\u2025/etc/passwd', // ‥ two-dot leader (NFKC: '..')
    '/memories/\u2024\u2024/x', // ․․ one-dot leaders
    '/memories/\uff0e\uff0e/x', // ．． fullwidth full stops
    '/memories\uff0f..\uff0fx', // ／ fullwidth solidus
    '/memories/a\uff0f..\uff0f..\uff0fetc',
    '/memories/..\u2215x', // ∕ division slash
    '/memories/..\u2044x', // ⁄ fraction slash
    '/memories/..\u29f8x', // ⧸ big solidus
    '/memories/..\u2216x', // ∖ set minus
    '/memories/..\ufe68x', // ﹨ small reverse solidus (NFKC: '\\')
    '/memories/a\u200b', // zero-width space
    '/memories/\u202e/txt.exe', // right-to-left override
    '/memories/cafe\u0301', // not NFKC (decomposed é)
  ];

  it('refuses every traversal, encoded or not, for every command', () => {
    const state = files({ '/memories/a': 'a' });
    for (const attack of attacks) {
      expect(pathProblem(attack), attack).not.toBeNull();
      for (const input of [
        { command: 'view', path: attack },
        { command: 'create', path: attack, file_text: 'x' },
        { command: 'str_replace', path: attack, old_str: 'a', new_str: 'b' },
        { command: 'insert', path: attack, insert_line: 0, insert_text: 'x' },
        { command: 'delete', path: attack },
        { command: 'rename', old_path: '/memories/a', new_path: attack },
        { command: 'rename', old_path: attack, new_path: '/memories/b' },
      ]) {
        const parsed = memoryCommandSchema.safeParse(input);
        if (!parsed.success) continue;
        const result = applyMemoryCommand(state, parsed.data);
        expect(result.isError, `${input.command} ${attack}`).toBe(true);
        expect(result.writes).toEqual([]);
        expect(result.deletes).toEqual([]);
      }
    }
  });

  it('accepts names in any script, in normal form', () => {
    for (const p of [
      '/memories/café/notes.md',
      '/memories/日本語/メモ.txt',
      '/memories/.hidden',
      '/memories/a..b',
    ]) {
      expect(pathProblem(p), p).toBeNull();
    }
  });

  it('any accepted path is /memories or a clean path under it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'memories',
            '..',
            '.',
            '',
            'a',
            '%2e',
            '\\',
            'b.txt',
            '%2F',
            '/',
            '\u2025',
            '\uff0e',
            '\uff0f',
            'é',
          ),
          {
            maxLength: 6,
          },
        ),
        fc.boolean(),
        (segments, lead) => {
          const p = `${lead ? '/' : ''}${segments.join('/')}`;
          if (pathProblem(p) !== null) return;
          expect(p === '/memories' || p.startsWith('/memories/')).toBe(true);
          expect(p.split('/').slice(1)).not.toContain('..');
          expect(p.split('/').slice(1)).not.toContain('');
          expect(p).not.toMatch(/%|\\/);
          expect(p.normalize('NFKC')).toBe(p);
        },
      ),
    );
  });
});
