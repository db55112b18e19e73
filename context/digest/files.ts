/**
 * Files a compacted range touched (docs/engine-rules.md#the-summary): read and modified from tool calls, referenced
 * from text, so the agent still knows its working set after compaction. The tool-call part follows
 * OpenClaw's file operations (read minus modified; modified = edited ∪ written), the text part
 * claw-code's `collect_key_files` (tokens with a `/` and a source or config extension).
 */

import type { Message } from '../messages.js';
import { inertLine } from '../prompt-data.js';
import { messageText, toolCallsOf } from './message-text.js';

/** Extensions that make a slash-containing token a file reference. */
export const REFERENCED_FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  'md',
  'mdx',
  'txt',
  'json',
  'jsonc',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'env',
  'xml',
  'lock',
  'ts',
  'tsx',
  'mts',
  'cts',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'py',
  'rs',
  'go',
  'java',
  'kt',
  'kts',
  'rb',
  'php',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'swift',
  'scala',
  'sh',
  'bash',
  'zsh',
  'sql',
  'css',
  'scss',
  'less',
  'html',
  'vue',
  'svelte',
  'proto',
  'graphql',
  'tf',
  'gradle',
]);

export type FileOperation = 'read' | 'edit' | 'write';

/** Tool names (lower-cased, `-` read as `_`) whose path argument is a file read, edited or written. */
const TOOL_OPERATIONS: Readonly<Record<string, FileOperation>> = {
  read: 'read',
  read_file: 'read',
  readfile: 'read',
  view: 'read',
  view_file: 'read',
  open_file: 'read',
  cat: 'read',
  edit: 'edit',
  edit_file: 'edit',
  multi_edit: 'edit',
  multiedit: 'edit',
  str_replace: 'edit',
  search_replace: 'edit',
  apply_patch: 'edit',
  patch: 'edit',
  write: 'write',
  write_file: 'write',
  writefile: 'write',
  create_file: 'write',
};

/** Editor tools with a `command` argument (Anthropic's text editor tool). */
const EDITOR_TOOL_NAMES: ReadonlySet<string> = new Set(['str_replace_editor', 'str_replace_based_edit_tool']);
const EDITOR_COMMANDS: Readonly<Record<string, FileOperation>> = {
  view: 'read',
  create: 'write',
  str_replace: 'edit',
  insert: 'edit',
  undo_edit: 'edit',
};

const PATH_ARGUMENT_KEYS = [
  'path',
  'file_path',
  'filePath',
  'file',
  'filename',
  'target_file',
  'notebook_path',
];
const PATH_LIST_ARGUMENT_KEYS = ['paths', 'file_paths', 'filePaths', 'files'];
/** `*** Update File: src/a.ts` lines of an apply_patch envelope. */
const PATCH_FILE_LINE = /^\*\*\* (Add|Update|Delete) File: (.+)$/gm;

export interface FileActivity {
  /** Read and never modified in the range, newest first. */
  read: string[];
  /** Edited or written, newest first. */
  modified: string[];
  /** Mentioned in text (user, assistant or tool output), newest first. */
  referenced: string[];
}

function operationFor(toolName: string, args: Record<string, unknown>): FileOperation | undefined {
  const name = toolName.trim().toLowerCase().replaceAll('-', '_');
  if (EDITOR_TOOL_NAMES.has(name)) {
    return typeof args.command === 'string' ? EDITOR_COMMANDS[args.command] : undefined;
  }
  return TOOL_OPERATIONS[name];
}

/** Paths as one inert line each: a line break in a path can never open a section (issue 32). */
function pathsFromArguments(args: Record<string, unknown>): string[] {
  return rawPathsFromArguments(args).map(inertLine);
}

function rawPathsFromArguments(args: Record<string, unknown>): string[] {
  const paths: string[] = [];
  for (const key of PATH_ARGUMENT_KEYS) {
    const value = args[key];
    if (typeof value === 'string' && value.trim()) paths.push(value.trim());
  }
  for (const key of PATH_LIST_ARGUMENT_KEYS) {
    const value = args[key];
    if (!Array.isArray(value)) continue;
    for (const item of value) if (typeof item === 'string' && item.trim()) paths.push(item.trim());
  }
  for (const key of ['input', 'patch']) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(PATCH_FILE_LINE)) {
      const path = match[2]?.trim();
      if (path) paths.push(path);
    }
  }
  return paths;
}

/** The file operation a tool call performs and the paths it names (none: not a file operation). */
export function fileOperationOf(call: {
  name: string;
  arguments: Record<string, unknown>;
}): { operation: FileOperation; paths: string[] } | undefined {
  const operation = operationFor(call.name, call.arguments);
  return operation ? { operation, paths: pathsFromArguments(call.arguments) } : undefined;
}

/** Ids of calls whose result failed: a failed edit did not modify anything. */
function failedCallIds(messages: readonly Message[]): Set<string> {
  const failed = new Set<string>();
  for (const message of messages) {
    if (
      message?.role === 'toolResult' &&
      message.isError === true &&
      typeof message.toolCallId === 'string'
    ) {
      failed.add(message.toolCallId);
    }
  }
  return failed;
}

/** Paths that look like files in free text: a `/`, a known extension, not a URL. */
export function extractReferencedPaths(text: string): string[] {
  const out: string[] = [];
  // Quotes, brackets and separators end a path too: JSON tool arguments ("path":"src/a.ts") and
  // calls (open('src/a.ts')) hold paths without spaces around them.
  for (const token of text.split(/[\s"'`=,;()[\]{}<>]+/)) {
    if (!token.includes('/') || token.includes('://')) continue;
    const candidate = token
      .replace(/^[([{<"'`*]+/, '')
      .replace(/[)\]}>"'`*,;!?]+$/, '')
      .replace(/(?::\d+){1,2}$/, '') // src/a.ts:12:3 → src/a.ts
      .replace(/[.:]+$/, '');
    const slash = candidate.lastIndexOf('/');
    const dot = candidate.lastIndexOf('.');
    if (slash < 0 || dot <= slash + 1 || dot === candidate.length - 1) continue;
    const extension = candidate.slice(dot + 1).toLowerCase();
    if (REFERENCED_FILE_EXTENSIONS.has(extension)) out.push(candidate);
  }
  return out;
}

/** Orders paths by their last sighting, newest first. */
function newestFirst(lastSeen: Map<string, number>): string[] {
  return [...lastSeen.entries()].sort((a, b) => b[1] - a[1]).map(([path]) => path);
}

/** Every file the range read, modified or mentioned (all of them: this is what gets stored). */
export function collectFileActivity(messages: readonly Message[]): FileActivity {
  const failed = failedCallIds(messages);
  const read = new Map<string, number>();
  const modified = new Map<string, number>();
  const referenced = new Map<string, number>();
  let position = 0;
  for (const message of messages) {
    if (!message || typeof message !== 'object') continue;
    for (const call of toolCallsOf(message)) {
      const operation = operationFor(call.name, call.arguments);
      if (!operation || failed.has(call.id)) continue;
      for (const path of pathsFromArguments(call.arguments)) {
        (operation === 'read' ? read : modified).set(path, position++);
      }
    }
    for (const path of extractReferencedPaths(messageText(message))) referenced.set(path, position++);
  }
  for (const path of modified.keys()) read.delete(path);
  return { read: newestFirst(read), modified: newestFirst(modified), referenced: newestFirst(referenced) };
}

/** The working set, de-duplicated: modified files first, then read, then referenced; each newest first. */
export function collectKeyFiles(messages: readonly Message[]): string[] {
  const activity = collectFileActivity(messages);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const path of [...activity.modified, ...activity.read, ...activity.referenced]) {
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(path);
  }
  return out;
}
