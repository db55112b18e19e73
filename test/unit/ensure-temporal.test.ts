import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTemporalCli, temporalCliNotFoundMessage } from '../../scripts/ensure-temporal.js';

const dir = mkdtempSync(join(tmpdir(), 'molt-temporal-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBinary(at: string, name: string): string {
  mkdirSync(at, { recursive: true });
  const path = join(at, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('finding an installed Temporal CLI instead of building one', () => {
  const name = process.platform === 'win32' ? 'temporal.exe' : 'temporal';
  const empty = join(dir, 'empty-cache');

  it('takes TEMPORAL_CLI_PATH first, then `temporal` on PATH', () => {
    const explicit = fakeBinary(join(dir, 'explicit'), name);
    const onPath = fakeBinary(join(dir, 'bin'), name);
    expect(
      findTemporalCli({ TEMPORAL_CLI_PATH: explicit, PATH: join(dir, 'bin'), XDG_CACHE_HOME: empty }),
    ).toBe(explicit);
    expect(findTemporalCli({ PATH: join(dir, 'bin'), XDG_CACHE_HOME: empty })).toBe(onPath);
  });

  it('refuses a TEMPORAL_CLI_PATH that is not a binary, naming it', () => {
    expect(() => findTemporalCli({ TEMPORAL_CLI_PATH: join(dir, 'nope'), XDG_CACHE_HOME: empty })).toThrow(
      /TEMPORAL_CLI_PATH=.*nope/,
    );
  });

  it('without a CLI or Go, says how to use an installed CLI', () => {
    const message = temporalCliNotFoundMessage({ XDG_CACHE_HOME: empty });
    expect(message).toMatch(/on PATH/);
    expect(message).toMatch(/TEMPORAL_CLI_PATH/);
    expect(message).toMatch(/brew install temporal/);
  });
});
