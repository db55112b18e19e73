/**
 * The `patched()` markers live in one registry (workflows/patches.ts): every call names its marker
 * from there, every registered marker is used, and the docs list them all. A marker named by a
 * string literal at its call site, or one the docs forgot, is how the list drifted before (the
 * docs named 6 of 11).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATCHES } from '../../workflows/patches.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const workflowFiles = sources(join(ROOT, 'workflows'))
  .filter((path) => !path.endsWith('patches.ts'))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

describe('the patch registry', () => {
  it('has unique ids', () => {
    const ids = Object.values(PATCHES).map((patch) => patch.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is where every patched() call takes its marker (no literal, no constant of its own)', () => {
    const offending = workflowFiles.flatMap(({ path, text }) =>
      [...text.matchAll(/patched\(\s*([^)]*)\)/g)]
        .map((match) => match[1]!.trim())
        .filter((arg) => arg !== '' && !/^PATCHES\.\w+\.id$/.test(arg) && !/^[A-Z_]+_PATCH$/.test(arg))
        .map((arg) => `${path}: patched(${arg})`),
    );
    expect(offending).toEqual([]);
    // A *_PATCH constant is only an alias of a registry entry.
    const constants = workflowFiles.flatMap(({ path, text }) =>
      [...text.matchAll(/const ([A-Z_]+_PATCH)\s*=\s*([^;]+);/g)]
        .filter((match) => !/^PATCHES\.\w+\.id$/.test(match[2]!.trim()))
        .map((match) => `${path}: ${match[1]}`),
    );
    expect(constants).toEqual([]);
  });

  it('has no entry the workflows do not use', () => {
    const all = workflowFiles.map((file) => file.text).join('\n');
    const unused = Object.keys(PATCHES).filter((name) => !all.includes(`PATCHES.${name}.id`));
    expect(unused).toEqual([]);
  });

  it('is listed whole in docs/architecture.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const missing = Object.values(PATCHES)
      .map((patch) => patch.id)
      .filter((id) => !doc.includes(`\`${id}\``));
    expect(missing).toEqual([]);
  });
});
