/** What the CLI tells a person (issue 23 item 6): a 401, its version, extraction counts, the demo's end. */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EPILOGUE } from '../../cli/demo.js';
import { renderExtractionList } from '../../cli/memory-format.js';
import { createOperatorClient } from '../../cli/operator-client.js';

const server = createServer((_request, response) => {
  response.writeHead(401, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { code: 'unauthorized', message: 'missing or unknown API key' } }));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the CLI says', () => {
  it('on a 401, where the key goes in each shell and how to create one', async () => {
    const client = createOperatorClient({ MOLT_API_URL: url });
    const error = await client.get('/v1/sessions').catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toMatch(/HTTP 401/);
    expect(message).toContain('export MOLT_API_KEY=');
    expect(message).toContain('$env:MOLT_API_KEY = ');
    expect(message).toContain('molt keys create');
  });

  it('its version with --version', () => {
    const bin = fileURLToPath(new URL('../../bin/molt.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('what each extraction count is', () => {
    const text = renderExtractionList({
      items: [
        {
          id: 'x1',
          sessionId: 's',
          userId: null,
          agentId: null,
          fromSeq: 1,
          toSeq: 40,
          trigger: 'upload',
          status: 'succeeded',
          extractor: 'extractive@1',
          counts: { candidates: 5, added: 2, superseded: 1, duplicates: 1, rejected: 1, rejectedReasons: {} },
          tokens: null,
          error: null,
          verdict: 'extracted',
          cause: null,
          replayOf: null,
          workflowId: 'w',
          startedAt: '2026-11-22T02:25:04.000Z',
          finishedAt: null,
        },
      ],
      nextCursor: null,
      total: 1,
      totalCapped: false,
    });
    expect(text).toContain('5 candidates: 2 added, 1 superseded, 1 duplicate, 1 rejected');
  });

  it('at the demo’s end, no address of the stack it has just stopped', () => {
    expect(DEMO_EPILOGUE).toMatch(/stopped/);
    expect(DEMO_EPILOGUE).toMatch(/molt dev/);
    // Only molt dev's documented default address, never an ephemeral port.
    for (const address of DEMO_EPILOGUE.match(/http:\/\/[^\s,`]+/g) ?? []) {
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:8420(\/docs)?\.?$/);
    }
  });
});
