/**
 * A compose file that is safe to run (issue 23 item 4), checked without a Docker engine: dclint
 * validates docker-compose.yml against the Compose Specification's JSON schema and its lint
 * rules; the rules below are molt's own; the search-attribute setup is run against a fake
 * `temporal` to prove it fails loudly.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: Array<{ target: number; published: string; host_ip?: string } | string>;
  restart?: string;
  healthcheck?: { test: unknown };
  user?: string;
  profiles?: string[];
  command?: string[];
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  security_opt?: string[];
}
const compose = parse(text, { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const oneShot = (s: Service) => s.restart === 'no';
const molt = services.filter(([, s]) => s.build !== undefined);

describe('docker-compose.yml', () => {
  it('passes the Compose Specification schema and dclint’s rules, warnings included', () => {
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/dclint/bin/dclint.cjs'),
        'docker-compose.yml',
        '--max-warnings',
        '0',
        '--color',
        'false',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  });

  it('uses current Temporal images, never the deprecated auto-setup', () => {
    const images = services.map(([, s]) => s.image ?? '');
    expect(images.filter((i) => i.includes('auto-setup'))).toEqual([]);
    expect(compose.services.temporal?.image).toMatch(/^temporalio\/server:\d+\.\d+\.\d+$/);
    expect(compose.services['temporal-schema']?.image).toMatch(/^temporalio\/admin-tools:/);
    expect(compose.services['temporal-setup']?.image).toMatch(/^temporalio\/admin-tools:/);
    expect(compose.services.postgres?.image).toMatch(/^pgvector\/pgvector:/);
  });

  it('publishes only the API and the opt-in Web UI, on localhost unless configured', () => {
    const published = services.filter(([, s]) => s.ports && s.ports.length > 0).map(([name]) => name);
    expect(published.sort()).toEqual(['molt-api', 'temporal-ui']);
    for (const [name, s] of services) {
      for (const port of s.ports ?? []) {
        expect(typeof port, `${name}: long syntax, so the interface is explicit`).toBe('object');
        if (typeof port === 'string') continue;
        expect(port.host_ip, name).toMatch(/^(127\.0\.0\.1|\$\{MOLT_PUBLISH_ADDRESS:-127\.0\.0\.1\})$/);
      }
    }
    expect(compose.services['temporal-ui']?.profiles).toEqual(['ui']);
  });

  it('restarts every long-running service and health-checks those others wait on', () => {
    // The worker has no port to probe, and nothing waits on the opt-in Web UI.
    const unprobed = new Set(['molt-worker', 'temporal-ui']);
    for (const [name, s] of services) {
      if (oneShot(s)) continue;
      expect(s.restart, name).toBe('unless-stopped');
      if (!unprobed.has(name)) expect(s.healthcheck?.test, name).toBeDefined();
    }
    expect(
      services
        .filter(([, s]) => oneShot(s))
        .map(([n]) => n)
        .sort(),
    ).toEqual(['molt-init', 'temporal-schema', 'temporal-setup']);
  });

  it('runs molt as the unprivileged node user on a supported Node LTS, without new privileges', () => {
    const from = /^FROM node:(\d+)-/m.exec(dockerfile);
    expect(Number(from?.[1])).toBeGreaterThanOrEqual(22);
    expect(Number(from?.[1]) % 2).toBe(0);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(molt.map(([n]) => n).sort()).toEqual(['molt-api', 'molt-init', 'molt-worker']);
    for (const [name, s] of molt) expect(s.user, name).toBe('node');
    for (const [name, s] of services) expect(s.security_opt, name).toContain('no-new-privileges:true');
  });

  it('never starts the API open: a key is created first, and nothing starts before the search attributes', () => {
    expect(compose.services['molt-init']?.command).toEqual(['keys', 'bootstrap', '--tenant', 'default']);
    for (const name of ['molt-api', 'molt-worker']) {
      const deps = compose.services[name]?.depends_on ?? {};
      expect(deps['molt-init']?.condition, name).toBe('service_completed_successfully');
      expect(deps['temporal-setup']?.condition, name).toBe('service_completed_successfully');
    }
    expect(compose.services.temporal?.depends_on?.['temporal-schema']?.condition).toBe(
      'service_completed_successfully',
    );
  });
});

describe('deploy/temporal/setup.sh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'molt-setup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script with a fake `temporal` whose `search-attribute create` says `createSays`. */
  function runSetup(
    createSays: string,
    createExit: number,
    listed = 'MoltBreakerOpen Bool\nMoltTenant Keyword',
  ) {
    const fake = join(dir, 'temporal');
    writeFileSync(
      fake,
      `#!/bin/sh
case "$2 $3" in
  "cluster health") exit 0 ;;
  "namespace describe") exit 0 ;;
  "search-attribute create") echo "${createSays}"; exit ${createExit} ;;
  "search-attribute list") printf '%s\\n' "${listed}" ;;
esac
`,
    );
    chmodSync(fake, 0o755);
    return spawnSync('sh', [join(root, 'deploy/temporal/setup.sh')], {
      encoding: 'utf8',
      env: {
        PATH: `${dir}:/usr/bin:/bin`,
        TEMPORAL_ADDRESS: 'temporal:7233',
        SETUP_RETRIES: '2',
        SETUP_PAUSE_SECONDS: '0',
      },
    });
  }

  it('succeeds when the attributes are registered, or were already', () => {
    expect(runSetup('', 0).status).toBe(0);
    expect(runSetup('Search attribute MoltTenant already exists', 1).status).toBe(0);
  });

  it('fails loudly, with Temporal’s words, when an attribute cannot be registered', () => {
    const run = runSetup('PermissionDenied: Request unauthorized.', 1);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/registering MoltBreakerOpen \(Bool\) failed: PermissionDenied/);
  });

  it('fails when the attributes are not listed afterwards', () => {
    const run = runSetup('', 0, 'MoltBreakerOpen Bool');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/MoltTenant is not registered/);
  });

  it('both setup scripts parse as POSIX sh', () => {
    for (const script of ['setup.sh', 'schema.sh']) {
      expect(spawnSync('sh', ['-n', join(root, 'deploy/temporal', script)]).status, script).toBe(0);
    }
  });
});

describe('docker-compose.yml passes every setting molt reads', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const tableVars = new Set(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) =>
        [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
      ),
  );

  it('finds the README’s configuration table', () => {
    expect(tableVars.size).toBeGreaterThan(30);
    expect(tableVars).toContain('MOLT_EMBEDDINGS_PROVIDER');
    expect(tableVars).toContain('MOLT_MEMORY_EXTRACTOR');
  });

  it('sets or passes through every variable of the table in each molt service', () => {
    for (const [name, s] of molt) {
      const env = s.environment ?? {};
      const missing = [...tableVars].filter((v) => !(v in env));
      expect(missing, name).toEqual([]);
    }
  });

  it('passes settings through as VAR: $-default passthroughs so an unset one keeps molt’s default', () => {
    const block = text.slice(text.indexOf('x-molt-env:'), text.indexOf('\nname:'));
    const fixed = new Set(['DATABASE_URL', 'TEMPORAL_ADDRESS', 'MOLT_LLM_PROVIDER']);
    for (const v of tableVars) {
      if (fixed.has(v)) continue;
      expect(block, v).toContain(`${v}: \${${v}:-}`);
    }
  });
});
