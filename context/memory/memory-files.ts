/**
 * Anthropic's client-side memory tool (`memory_20250818`, docs/anthropic-memory-tool.md) over a
 * scope's files: pure rules, no I/O. A file is a memory whose `key` is its path under `/memories`
 * and whose content is the file's text; directories exist only as the prefixes of file paths.
 * `applyMemoryCommand` reads the scope's files and answers what the model reads (Anthropic's
 * documented strings) plus the writes to carry out; db/memory/memory-files.ts carries them out.
 *
 * Paths are checked before anything is read: only `/memories` and paths under it, no `.` or `..`
 * segment, no empty segment, no backslash, no percent-encoding, no control character, and no
 * lookalike: a path must be its own NFKC form (`／`, `．`, `‥` are refused, not read as `/`, `.`,
 * `..`), without invisible (format) characters or slash-like signs (`∕`, `⁄`, `⧸`, `∖`).
 */
import { z } from 'zod';

export const MEMORY_ROOT = '/memories';
/** The longest path accepted (a memory's key holds it). */
export const MEMORY_PATH_MAX = 200;
/** The most characters a memory file holds (create, and a file grown by str_replace or insert). */
export const MEMORY_FILE_MAX = 20_000;
/** The most files one scope holds. */
export const MEMORY_FILES_MAX = 1_000;
/** The category that marks a memory as a memory-tool file (the update policy never touches them). */
export const MEMORY_FILE_CATEGORY = 'memory-tool-file';
/** The memory type of a file: agent knowledge, so an agent without a user keeps its own files. */
export const MEMORY_FILE_TYPE = 'case' as const;

const path = z.string().min(1).max(MEMORY_PATH_MAX);
const text = z.string().max(MEMORY_FILE_MAX);

/** The tool's input as Claude sends it (Anthropic's documented command shapes). */
export const memoryCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('view'),
    path,
    view_range: z.tuple([z.number().int(), z.number().int()]).optional(),
  }),
  z.object({ command: z.literal('create'), path, file_text: text }),
  z.object({
    command: z.literal('str_replace'),
    path,
    old_str: z.string().min(1).max(MEMORY_FILE_MAX),
    new_str: text.default(''),
  }),
  z.object({
    command: z.literal('insert'),
    path,
    insert_line: z.number().int(),
    insert_text: text,
  }),
  z.object({ command: z.literal('delete'), path }),
  z.object({ command: z.literal('rename'), old_path: path, new_path: path }),
]);
export type MemoryCommand = z.output<typeof memoryCommandSchema>;

/** One file write: a new file, or `replaces` (an edit, or the source of a rename) superseded. */
export interface FileWrite {
  path: string;
  content: string;
  replaces?: string;
}

export interface MemoryCommandResult {
  /** What the model reads in its `tool_result`. */
  text: string;
  isError: boolean;
  writes: FileWrite[];
  deletes: string[];
}

const answer = (text: string): MemoryCommandResult => ({ text, isError: false, writes: [], deletes: [] });
const failure = (text: string): MemoryCommandResult => ({ text, isError: true, writes: [], deletes: [] });

/** Invisible (format) characters, and slash-like signs NFKC leaves as they are. */
const SLASH_LIKE = /[\p{Cf}\u2044\u2215\u2216\u29f5\u29f8\u29f9]/u;

/** Why a path is refused, or null when it is a path under /memories. */
export function pathProblem(p: string): string | null {
  if (p !== MEMORY_ROOT && !p.startsWith(`${MEMORY_ROOT}/`)) return `must be ${MEMORY_ROOT} or under it`;
  if (p.includes('\\')) return 'must not contain a backslash';
  if (/%[0-9a-f]{2}/i.test(p)) return 'must not contain percent-encoded characters';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(p)) return 'must not contain control characters';
  if (p.normalize('NFKC') !== p) {
    return 'must be in Unicode normal form NFKC (no lookalike such as ／ ． ‥ for / . ..)';
  }
  if (SLASH_LIKE.test(p)) return 'must not contain invisible characters or signs that look like / or \\';
  const segments = p.slice(1).split('/');
  if (p !== MEMORY_ROOT && p.endsWith('/')) return 'must not end with /';
  for (const segment of segments) {
    if (segment === '') return 'must not contain an empty segment (//)';
    if (segment === '.' || segment === '..') return `must not contain a ${segment} segment`;
  }
  return null;
}

const invalidPath = (p: string, why: string) =>
  failure(`Error: The path ${p} is not a valid memory path: it ${why}.`);

const isUnder = (file: string, dir: string) => file.startsWith(`${dir}/`);
const numbered = (first: number, lines: readonly string[]) =>
  lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join('\n');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** A size as `du -h` prints it: bytes below 1 KiB, then K and M with one decimal. */
export function humanSize(n: number): string {
  if (n < 1024) return `${n}B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)}K`;
  return `${(n / (1024 * 1024)).toFixed(1)}M`;
}

const hidden = (name: string) => name.startsWith('.') || name === 'node_modules';

function viewDirectory(files: ReadonlyMap<string, string>, dir: string): string {
  const sizes = new Map<string, number>();
  let total = 0;
  for (const [file, content] of files) {
    if (!isUnder(file, dir)) continue;
    const parts = file.slice(dir.length + 1).split('/');
    if (parts.some(hidden)) continue;
    const size = bytes(content);
    total += size;
    for (let depth = 1; depth <= Math.min(2, parts.length); depth++) {
      const entry = `${dir}/${parts.slice(0, depth).join('/')}`;
      sizes.set(entry, (sizes.get(entry) ?? 0) + size);
    }
  }
  const lines = [...sizes.keys()].sort().map((entry) => `${humanSize(sizes.get(entry)!)}\t${entry}`);
  return [
    `Here're the files and directories up to 2 levels deep in ${dir}, excluding hidden items and node_modules:`,
    `${humanSize(total)}\t${dir}`,
    ...lines,
  ].join('\n');
}

/** Whether `p` is a directory: the root, or a prefix of some file's path. */
function isDirectory(files: ReadonlyMap<string, string>, p: string): boolean {
  if (p === MEMORY_ROOT) return true;
  for (const file of files.keys()) if (isUnder(file, p)) return true;
  return false;
}

/** The nearest ancestor of `p` that is a file, if any (a file cannot hold files). */
function fileAncestor(files: ReadonlyMap<string, string>, p: string): string | undefined {
  const parts = p.split('/');
  for (let i = 2; i < parts.length; i++) {
    const ancestor = parts.slice(0, i).join('/');
    if (files.has(ancestor)) return ancestor;
  }
  return undefined;
}

/** Why a new file cannot be at `p`, or null. */
function placeProblem(files: ReadonlyMap<string, string>, p: string): string | null {
  if (p === MEMORY_ROOT || isDirectory(files, p)) return `Error: The path ${p} is a directory`;
  const ancestor = fileAncestor(files, p);
  if (ancestor) return `Error: The path ${ancestor} is a file, not a directory`;
  return null;
}

const tooLarge = (p: string) =>
  failure(
    `Error: File ${p} would exceed the limit of ${MEMORY_FILE_MAX} characters; split it into several files.`,
  );

/** The line number (1-based) at which a character offset falls. */
function lineOf(content: string, offset: number): number {
  return linesAt(content, [offset])[0]!;
}

/** Line numbers of ascending offsets, in one pass over the text. */
function linesAt(content: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let i = 0;
  for (const offset of offsets) {
    for (; i < offset; i++) if (content.charCodeAt(i) === 10) line++;
    lines.push(line);
  }
  return lines;
}

/** At most this many line numbers are listed for a repeated old_str. */
const LISTED_LINES = 20;

function view(files: ReadonlyMap<string, string>, p: string, range?: [number, number]): MemoryCommandResult {
  const missing = `The path ${p} does not exist. Please provide a valid path.`;
  const content = files.get(p);
  if (content === undefined) {
    if (!isDirectory(files, p)) return failure(missing);
    if (range)
      return failure('Error: The `view_range` parameter is not allowed when `path` points to a directory.');
    return answer(viewDirectory(files, p));
  }
  const lines = content.split('\n');
  let first = 1;
  let shown = lines;
  if (range) {
    const [start, end] = range;
    if (start < 1 || start > lines.length) {
      return failure(
        `Error: Invalid \`view_range\`: [${start}, ${end}]. Its first element \`${start}\` should be within the range of lines of the file: [1, ${lines.length}]`,
      );
    }
    if (end !== -1 && (end < start || end > lines.length)) {
      return failure(
        `Error: Invalid \`view_range\`: [${start}, ${end}]. Its second element \`${end}\` should be -1 or within [${start}, ${lines.length}]`,
      );
    }
    first = start;
    shown = lines.slice(start - 1, end === -1 ? undefined : end);
  }
  return answer(`Here's the content of ${p} with line numbers:\n${numbered(first, shown)}`);
}

function strReplace(
  files: ReadonlyMap<string, string>,
  p: string,
  oldStr: string,
  newStr: string,
): MemoryCommandResult {
  const content = files.get(p);
  if (content === undefined)
    return failure(`Error: The path ${p} does not exist. Please provide a valid path.`);
  const starts: number[] = [];
  for (let at = content.indexOf(oldStr); at !== -1; at = content.indexOf(oldStr, at + 1)) starts.push(at);
  if (starts.length === 0) {
    return failure(`No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${p}.`);
  }
  if (starts.length > 1) {
    const lines = [...new Set(linesAt(content, starts))];
    const listed = lines.slice(0, LISTED_LINES).join(', ') + (lines.length > LISTED_LINES ? ', …' : '');
    return failure(
      `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${listed}. Please ensure it is unique`,
    );
  }
  const at = starts[0]!;
  // Spliced, not String.replace: `$&` or `$1` in new_str are text, not patterns.
  const edited = content.slice(0, at) + newStr + content.slice(at + oldStr.length);
  if (edited.length > MEMORY_FILE_MAX) return tooLarge(p);
  const lines = edited.split('\n');
  const changed = lineOf(edited, at);
  const from = Math.max(1, changed - 4);
  const to = Math.min(lines.length, changed + newStr.split('\n').length - 1 + 4);
  return {
    text: `The memory file has been edited.\n${numbered(from, lines.slice(from - 1, to))}`,
    isError: false,
    writes: [{ path: p, content: edited, replaces: p }],
    deletes: [],
  };
}

function insert(
  files: ReadonlyMap<string, string>,
  p: string,
  line: number,
  text: string,
): MemoryCommandResult {
  const content = files.get(p);
  if (content === undefined) return failure(`Error: The path ${p} does not exist`);
  const lines = content.split('\n');
  if (line < 0 || line > lines.length) {
    return failure(
      `Error: Invalid \`insert_line\` parameter: ${line}. It should be within the range of lines of the file: [0, ${lines.length}]`,
    );
  }
  // A trailing newline ends the inserted text's last line; it adds no empty line of its own.
  const inserted = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const edited = [...lines.slice(0, line), ...inserted, ...lines.slice(line)].join('\n');
  if (edited.length > MEMORY_FILE_MAX) return tooLarge(p);
  return {
    text: `The file ${p} has been edited.`,
    isError: false,
    writes: [{ path: p, content: edited, replaces: p }],
    deletes: [],
  };
}

function remove(files: ReadonlyMap<string, string>, p: string): MemoryCommandResult {
  if (p === MEMORY_ROOT) return failure(`Error: Cannot delete the ${MEMORY_ROOT} directory itself`);
  if (files.has(p)) return { ...answer(`Successfully deleted ${p}`), deletes: [p] };
  const under = [...files.keys()].filter((file) => isUnder(file, p));
  if (under.length === 0) return failure(`Error: The path ${p} does not exist`);
  return { ...answer(`Successfully deleted ${p}`), deletes: under };
}

function rename(files: ReadonlyMap<string, string>, from: string, to: string): MemoryCommandResult {
  if (from === MEMORY_ROOT || to === MEMORY_ROOT) {
    return failure(`Error: Cannot rename the ${MEMORY_ROOT} directory itself`);
  }
  const source = files.get(from);
  const moved =
    source !== undefined
      ? [[from, to, source] as const]
      : [...files]
          .filter(([file]) => isUnder(file, from))
          .map(([file, content]) => [file, `${to}${file.slice(from.length)}`, content] as const);
  if (moved.length === 0) return failure(`Error: The path ${from} does not exist`);
  if (files.has(to) || isDirectory(files, to)) return failure(`Error: The destination ${to} already exists`);
  if (source === undefined && isUnder(to, from)) {
    return failure(`Error: Cannot move the directory ${from} into itself (${to})`);
  }
  const ancestor = fileAncestor(files, to);
  if (ancestor) return failure(`Error: The path ${ancestor} is a file, not a directory`);
  return {
    text: `Successfully renamed ${from} to ${to}`,
    isError: false,
    writes: moved.map(([old, path, content]) => ({ path, content, replaces: old })),
    deletes: [],
  };
}

/**
 * Runs one command over a scope's files (path → text). Never throws for anything the model
 * sent: a refused path or an impossible edit is an error result whose text the model reads.
 */
export function applyMemoryCommand(
  files: ReadonlyMap<string, string>,
  command: MemoryCommand,
): MemoryCommandResult {
  for (const p of command.command === 'rename' ? [command.old_path, command.new_path] : [command.path]) {
    const why = pathProblem(p);
    if (why) return invalidPath(p, why);
  }
  switch (command.command) {
    case 'view':
      return view(files, command.path, command.view_range);
    case 'create': {
      if (files.has(command.path)) return failure(`Error: File ${command.path} already exists`);
      const problem = placeProblem(files, command.path);
      if (problem) return failure(problem);
      if (files.size >= MEMORY_FILES_MAX) {
        return failure(
          `Error: The memory directory holds ${MEMORY_FILES_MAX} files already; delete or merge some first.`,
        );
      }
      return {
        text: `File created successfully at: ${command.path}`,
        isError: false,
        writes: [{ path: command.path, content: command.file_text }],
        deletes: [],
      };
    }
    case 'str_replace':
      return strReplace(files, command.path, command.old_str, command.new_str);
    case 'insert':
      return insert(files, command.path, command.insert_line, command.insert_text);
    case 'delete':
      return remove(files, command.path);
    case 'rename':
      return rename(files, command.old_path, command.new_path);
  }
}
