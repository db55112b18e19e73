/**
 * The operator console in a real headless Chromium against the real stack: the key gate, the
 * sessions a person searches and filters, a session's timeline and summary in force, a degraded
 * compaction (the fake LLM refused every call) replayed by clicking Replay and seen to succeed,
 * and the breaker reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codingTurn } from '../integration/agent-turns.js';
import { eventually, uniqueSessionId } from '../integration/harness.js';
import { type ConsoleStack, screenshot, startConsoleStack, WAIT } from './stack.js';

const WINDOW = 20_000;
let s: ConsoleStack;
let okSession: string;
let okCompaction: string;
let degradedSession: string;
let degradedCompaction: string;

/** Posts coding turns until the session's first compaction has attached its summary. */
async function compactOnce(sessionId: string, userId: string): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const answer = await s.api('POST', `/v1/sessions/${sessionId}/turns`, {
      ...codingTurn(i),
      contextWindowTokens: WINDOW,
      userId,
    });
    expect(answer.status).toBe(202);
    const applied = await eventually(
      async () => (await s.api('GET', `/v1/sessions/${sessionId}`)).body,
      (v) => v.lastSeq >= answer.body.turn.toSeq,
    );
    if (applied.upload) {
      const done = await eventually(
        async () => (await s.api('GET', `/v1/sessions/${sessionId}`)).body,
        (v) => v.summary !== null,
      );
      return done.summary.compactionId as string;
    }
  }
  throw new Error(`no compaction started in session ${sessionId} within 30 turns`);
}

beforeAll(async () => {
  s = await startConsoleStack();
  s.fake.setBehaviour('succeed');
  okSession = uniqueSessionId('console-ok');
  okCompaction = await compactOnce(okSession, 'u-console-ok');
  // 401s are final: every chunk falls back to the extractive digest and the compaction is degraded.
  s.fake.setBehaviour('auth');
  degradedSession = uniqueSessionId('console-degraded');
  degradedCompaction = await compactOnce(degradedSession, 'u-console-degraded');
  await eventually(
    async () => (await s.api('GET', `/v1/compactions/${degradedCompaction}`)).body,
    (c) => c.status === 'degraded',
  );
  s.fake.setBehaviour('succeed');
});

afterAll(async () => {
  await s?.stop();
});

describe('the key gate', () => {
  it('serves the console from molt itself with a Content-Security-Policy', async () => {
    for (const path of ['/ui/', '/ui/console.js', '/ui/console.css']) {
      const answer = await fetch(`${s.baseUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const page = await (await fetch(`${s.baseUrl}/ui/`)).text();
    expect(page).not.toMatch(/https?:\/\//); // no CDN: every asset is molt's
  });

  it('asks for a key, refuses an agent key with a clear message and an unknown one, admits an operator key', async () => {
    const page = await s.browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${s.baseUrl}/ui/`);
    const key = page.getByLabel('Operator key');
    await key.waitFor(WAIT());

    await key.fill(s.agentKey);
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByText('That is an agent key. The console needs an operator key').waitFor(WAIT());

    await page.getByLabel('Operator key').fill('molt_not-a-key');
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByText('That key was refused').waitFor(WAIT());
    expect(await page.evaluate("sessionStorage.getItem('molt.console.key')")).toBeNull();

    await page.getByLabel('Operator key').fill(s.operatorKey);
    await page.getByRole('button', { name: 'Open the console' }).click();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor(WAIT());
    expect(await page.evaluate("sessionStorage.getItem('molt.console.key')")).toBe(s.operatorKey);
    expect(requests.every((url) => url.startsWith(s.baseUrl))).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Operator key').waitFor(WAIT());
    expect(await page.evaluate("sessionStorage.getItem('molt.console.key')")).toBeNull();
    await page.close();
  });
});

describe('the sessions page', () => {
  it('searches by id, filters by user and breaker, and shows each fill bar against 50% and 70%', async () => {
    const page = await s.signedIn();
    const rows = page.locator('table.sessions tbody tr');
    await page.getByLabel('Session id contains').fill(okSession.slice(-12));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`tr[data-session="${okSession}"]`).waitFor(WAIT());
    await eventually(
      () => rows.count(),
      (n) => n === 1,
    );
    const meter = page.locator(`tr[data-session="${okSession}"] [role="meter"]`);
    const view = (await s.api('GET', `/v1/sessions/${okSession}`)).body;
    expect(await meter.getAttribute('aria-valuenow')).toBe(String(view.liveTokens));
    expect(await meter.getAttribute('title')).toContain('compaction at 50%, forced clean-up at 70%');

    // A search that matches nothing says so.
    await page.getByLabel('Session id contains').fill('no-such-session-%_');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No session matches.').waitFor(WAIT());

    await page.getByLabel('Session id contains').fill('');
    await page.getByLabel('User').fill('u-console-degraded');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`tr[data-session="${degradedSession}"]`).waitFor(WAIT());
    await eventually(
      () => rows.count(),
      (n) => n === 1,
    );

    await page.getByLabel('User').fill('');
    await page.getByLabel('Breaker').selectOption('open');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('table.sessions, p.empty').first().waitFor(WAIT());
    const open = (await s.api('GET', '/v1/sessions?breaker=open&limit=200')).body.items.length;
    await eventually(
      () => rows.count(),
      (n) => n === Math.min(open, 50),
    );
    await page.getByLabel('Breaker').selectOption('');
    await page.locator(`tr[data-session="${okSession}"]`).waitFor(WAIT());
    await screenshot(page, 'console-sessions');
    await page.close();
  });
});

describe('a session', () => {
  it('shows the timeline, the compaction with its range, tokens and levels, and the summary in force', async () => {
    const page = await s.signedIn(`#/sessions/${okSession}`);
    const compaction = page.locator(`li[data-compaction="${okCompaction}"]`);
    await compaction.waitFor(WAIT());
    const detail = (await s.api('GET', `/v1/compactions/${okCompaction}`)).body;
    const text = (await compaction.textContent()) ?? '';
    expect(text).toContain(`seq ${detail.fromSeq}–${detail.toSeq}`);
    expect(text).toContain(
      `${detail.tokensBefore.toLocaleString('en')} → ${detail.tokensAfter.toLocaleString('en')}`,
    );
    expect(text).toContain(`${detail.chunks.length} chunk`);
    expect(text).toContain('upload threshold crossed');
    expect(await page.locator('li.event.turn').count()).toBeGreaterThan(0);

    const summary = page.locator('section.summary');
    await summary.getByText(okCompaction).waitFor(WAIT());
    for (const todo of detail.todos) await summary.getByText(todo.text).first().waitFor(WAIT());
    for (const file of detail.files.modified) await summary.getByText(file).first().waitFor(WAIT());
    await screenshot(page, 'console-session');

    // The Temporal history, on demand: the session's run and its compaction's.
    await page.getByRole('button', { name: 'Show the workflow history' }).click();
    const runs = page.locator('.history-panel details.run');
    await runs.first().waitFor(WAIT());
    await runs.first().locator('summary').click();
    await runs.first().getByText('sessionWorkflow started').first().waitFor(WAIT());
    expect(await page.locator('.history-panel').textContent()).toContain(detail.workflowId);
    await page.close();
  });

  it('replays a degraded compaction from its Replay button, and the replay succeeds', async () => {
    const page = await s.signedIn(`#/sessions/${degradedSession}`);
    const degraded = page.locator(`li[data-compaction="${degradedCompaction}"]`);
    await degraded.getByRole('button', { name: 'Replay' }).click();
    await degraded.getByText('replay started').waitFor(WAIT());
    const replay = await eventually(
      async () =>
        (await s.api('GET', `/v1/compactions?sessionId=${degradedSession}&limit=50`)).body.items.find(
          (c: { replayOf: string | null }) => c.replayOf === degradedCompaction,
        ),
      (c) => c?.status === 'succeeded',
    );
    // The page shows the replay as it finished once refreshed.
    await eventually(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        const entry = page.locator(`li[data-compaction="${replay.id}"]`);
        return (await entry.count()) > 0 ? ((await entry.textContent()) ?? '') : '';
      },
      (text) => text.includes('succeeded') && text.includes(`replays ${degradedCompaction}`),
      { intervalMs: 500 },
    );
    await page.getByLabel('show turns').uncheck();
    await screenshot(page.locator('section.timeline'), 'console-timeline');
    await page.close();
  });

  it('resets a breaker that counted failures', async () => {
    const view = (await s.api('GET', `/v1/sessions/${degradedSession}`)).body;
    const page = await s.signedIn(`#/sessions/${degradedSession}`);
    const panel = page.locator('.breaker-panel');
    await panel.waitFor(WAIT());
    if (view.breaker.consecutiveFailures === 0) {
      // The successful replay closed it already: the console offers no reset then.
      expect(await panel.getByRole('button', { name: 'Reset the breaker' }).count()).toBe(0);
    } else {
      await panel.getByRole('button', { name: 'Reset the breaker' }).click();
      await panel.getByText('breaker closed').waitFor(WAIT());
      const after = (await s.api('GET', `/v1/sessions/${degradedSession}`)).body;
      expect(after.breaker).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    }
    await page.close();
  });
});
