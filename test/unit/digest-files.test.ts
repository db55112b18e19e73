import { describe, expect, it } from 'vitest';
import { collectFileActivity, collectKeyFiles, extractReferencedPaths } from '../../context/index.js';
import { assistant, assistantWithCalls, call, toolResult, user } from './factories.js';

describe('collectFileActivity', () => {
  it('reads paths of read, edit and write tool calls', () => {
    const activity = collectFileActivity([
      assistantWithCalls([
        call('read', { path: 'src/a.ts' }, { id: '1' }),
        call('edit', { file_path: 'src/b.ts' }, { id: '2' }),
        call('write', { filePath: 'src/c.ts' }, { id: '3' }),
      ]),
    ]);
    expect(activity.read).toEqual(['src/a.ts']);
    expect(activity.modified).toEqual(['src/c.ts', 'src/b.ts']);
  });

  it('leaves a file that was read and then modified out of the read list', () => {
    const activity = collectFileActivity([
      assistantWithCalls([call('read', { path: 'src/a.ts' }, { id: '1' })]),
      assistantWithCalls([call('edit', { path: 'src/a.ts' }, { id: '2' })]),
    ]);
    expect(activity.read).toEqual([]);
    expect(activity.modified).toEqual(['src/a.ts']);
  });

  it('lists paths newest first', () => {
    const activity = collectFileActivity([
      assistantWithCalls([call('read', { path: 'old.ts' }, { id: '1' })]),
      assistantWithCalls([call('read', { path: 'new.ts' }, { id: '2' })]),
      assistantWithCalls([call('read', { path: 'old.ts' }, { id: '3' })]),
    ]);
    expect(activity.read).toEqual(['old.ts', 'new.ts']);
  });

  it("maps the editor tool's commands to read, write and edit", () => {
    const activity = collectFileActivity([
      assistantWithCalls([
        call('str_replace_based_edit_tool', { command: 'view', path: '/r.md' }, { id: '1' }),
        call('str_replace_based_edit_tool', { command: 'create', path: '/w.md' }, { id: '2' }),
        call('str_replace_based_edit_tool', { command: 'str_replace', path: '/e.md' }, { id: '3' }),
      ]),
    ]);
    expect(activity.read).toEqual(['/r.md']);
    expect(activity.modified).toEqual(['/e.md', '/w.md']);
  });

  it('reads the files of an apply_patch envelope', () => {
    const patch = '*** Begin Patch\n*** Update File: src/x.ts\n@@\n*** Add File: src/y.ts\n*** End Patch';
    const activity = collectFileActivity([assistantWithCalls([call('apply_patch', { input: patch })])]);
    expect(activity.modified).toEqual(['src/y.ts', 'src/x.ts']);
  });

  it('does not count a call whose result failed', () => {
    const activity = collectFileActivity([
      assistantWithCalls([call('edit', { path: 'src/a.ts' }, { id: 'e1' })]),
      toolResult('edit', 'no match', { id: 'e1', isError: true }),
    ]);
    expect(activity.modified).toEqual([]);
  });

  it('finds referenced paths in user, assistant and tool text', () => {
    const activity = collectFileActivity([
      user('look at src/app.ts please'),
      assistant('The config lives in config/settings.yaml.'),
      toolResult('exec', 'error in lib/util.py:12:3'),
    ]);
    expect(activity.referenced).toEqual(['lib/util.py', 'config/settings.yaml', 'src/app.ts']);
  });
});

describe('extractReferencedPaths', () => {
  it('needs a slash and a source or config extension', () => {
    expect(extractReferencedPaths('README.md src/main.rs docs/guide and a/b.unknown')).toEqual([
      'src/main.rs',
    ]);
  });

  it('strips quotes, brackets, trailing punctuation and line numbers', () => {
    expect(extractReferencedPaths('("src/a.ts"), `test/b.test.ts:40`, see lib/c.go.')).toEqual([
      'src/a.ts',
      'test/b.test.ts',
      'lib/c.go',
    ]);
  });

  it('skips URLs', () => {
    expect(extractReferencedPaths('https://example.com/data.json')).toEqual([]);
  });
});

describe('collectKeyFiles', () => {
  it('puts modified files first, then read, then referenced, without duplicates', () => {
    const files = collectKeyFiles([
      user('compare src/r.ts with docs/ref.md'),
      assistantWithCalls([
        call('read', { path: 'src/r.ts' }, { id: '1' }),
        call('write', { path: 'src/w.ts' }, { id: '2' }),
      ]),
    ]);
    expect(files).toEqual(['src/w.ts', 'src/r.ts', 'docs/ref.md']);
  });

  it('returns every file (only the rendering is capped)', () => {
    const reads = Array.from({ length: 12 }, (_, i) =>
      call('read', { path: `src/f${i}.ts` }, { id: `r${i}` }),
    );
    expect(collectKeyFiles([assistantWithCalls(reads)])).toHaveLength(12);
  });
});

describe('extractReferencedPaths in JSON and calls', () => {
  it('finds a path inside compact JSON tool arguments without the quotes and key around it', () => {
    expect(extractReferencedPaths('{"path":"src/routes/users.ts","line":3}')).toEqual([
      'src/routes/users.ts',
    ]);
  });

  it("finds a path inside a call's parentheses", () => {
    expect(extractReferencedPaths("open('config/app.yaml')")).toEqual(['config/app.yaml']);
  });
});
