/**
 * The operator console in a real headless Chromium against the real stack: the key gate, the
 * sessions a person searches and filters, a session's timeline and summary in force, a degraded
 * compaction (the fake LLM refused every call) replayed by clicking Replay and seen to succeed,
 * confirmed and then offered no more once a newer summary covers its range, the breaker reset
 * (confirmed), live pages that follow the API with no click and pause in a hidden tab, the list
 * totals, one clear 404 for an unknown session, the context the agent receives, the fill chart,
 * the link to the Temporal UI and dark mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_INTERVAL_MS } from '../../ui/src/live-interval.js';
import { codingTurn } from '../integration/agent-turns.js';
import { eventually, uniqueSessionId } from '../integration/harness.js';
import { type ConsoleStack, screenshot, startConsoleStack, TEMPORAL_UI_URL, WAIT } from './stack.js';

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
    // Replay asks once more; Cancel starts nothing.
    await degraded.getByRole('button', { name: 'Replay' }).click();
    await degraded.getByText('A new attempt summarises the range again').waitFor(WAIT());
    await degraded.getByRole('button', { name: 'Cancel' }).click();
    const replays = async () =>
      (await s.api('GET', `/v1/compactions?sessionId=${degradedSession}&limit=50`)).body.items.filter(
        (c: { replayOf: string | null }) => c.replayOf === degradedCompaction,
      ).length;
    expect(await replays()).toBe(0);
    await degraded.getByRole('button', { name: 'Replay' }).click();
    await degraded.getByRole('button', { name: 'Yes, replay' }).click();
    await degraded.getByText('replay started').waitFor(WAIT());
    const replay = await eventually(
      async () =>
        (await s.api('GET', `/v1/compactions?sessionId=${degradedSession}&limit=50`)).body.items.find(
          (c: { replayOf: string | null }) => c.replayOf === degradedCompaction,
        ),
      (c) => c?.status === 'succeeded',
    );
    // The live page shows the replay as it finished, with no click on Refresh.
    const entry = page.locator(`li[data-compaction="${replay.id}"]`);
    await eventually(
      async () => ((await entry.count()) > 0 ? ((await entry.textContent()) ?? '') : ''),
      (text) => text.includes('succeeded') && text.includes(`replays ${degradedCompaction}`),
      { intervalMs: 250 },
    );
    // A newer summary now covers the degraded compaction's range: Replay is no longer offered,
    // and the API agrees that a replay could not act.
    await degraded.getByText('range covered by a newer summary').waitFor(WAIT());
    expect(await degraded.getByRole('button', { name: 'Replay' }).count()).toBe(0);
    const refused = await s.api('POST', `/v1/compactions/${degradedCompaction}/replay`);
    expect(refused.status).toBe(409);
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
      await panel.getByRole('button', { name: 'Cancel' }).click();
      expect((await s.api('GET', `/v1/sessions/${degradedSession}`)).body.breaker).toEqual(view.breaker);
      await panel.getByRole('button', { name: 'Reset the breaker' }).click();
      await panel.getByRole('button', { name: 'Yes, reset' }).click();
      await panel.getByText('breaker closed').waitFor(WAIT());
      const after = (await s.api('GET', `/v1/sessions/${degradedSession}`)).body;
      expect(after.breaker).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    }
    await page.close();
  });
});

/** A script that makes the tab hidden or visible, as switching tabs does (the Page Visibility API). */
const visibility = (state: 'hidden' | 'visible') =>
  `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
   document.dispatchEvent(new Event('visibilitychange'));`;

describe('a console to live in', () => {
  it('shows each list with its total, as the API counts it', async () => {
    const page = await s.signedIn();
    const listed = (await s.api('GET', '/v1/sessions?limit=50')).body;
    const range = page.locator('section .pager-range').first();
    await range.waitFor(WAIT());
    expect(await range.getAttribute('data-total')).toBe(String(listed.total));
    expect(await range.textContent()).toContain(`of ${listed.total.toLocaleString('en')} sessions`);
    expect(listed.total).toBeGreaterThanOrEqual(2);
    expect(listed.totalCapped).toBe(false);

    // A session's timeline says how many of each kind exist, and its extractions are paged.
    await page.goto(`${s.baseUrl}/ui/#/sessions/${okSession}`);
    const timeline = (await s.api('GET', `/v1/sessions/${okSession}/timeline`)).body;
    const totals = page.locator('section.timeline p.totals');
    await eventually(
      async () => ((await totals.count()) > 0 ? await totals.getAttribute('data-turns') : null),
      (turns) => turns === String(timeline.totals.turns.total),
    );
    expect(await totals.textContent()).toContain(`${timeline.totals.compactions.total} compaction`);
    await page.close();
  });

  it('follows the sessions list and a session live, and pauses while the tab is hidden', async () => {
    const page = await s.signedIn();
    await page.locator('.live-badge.on').waitFor(WAIT());
    // A session created after the page opened appears with no click.
    const fresh = uniqueSessionId('console-live');
    const posted = await s.api('POST', `/v1/sessions/${fresh}/turns`, {
      ...codingTurn(0),
      contextWindowTokens: WINDOW,
    });
    expect(posted.status).toBe(202);
    await page.locator(`tr[data-session="${fresh}"]`).waitFor(WAIT());

    // Its page shows a turn posted while it is open, with no click.
    await page.goto(`${s.baseUrl}/ui/#/sessions/${fresh}`);
    await page.locator('li.event.turn').first().waitFor(WAIT());
    const turns = page.locator('li.event.turn');
    const before = await turns.count();
    const next = await s.api('POST', `/v1/sessions/${fresh}/turns`, {
      ...codingTurn(1),
      contextWindowTokens: WINDOW,
    });
    expect(next.status).toBe(202);
    await eventually(
      () => turns.count(),
      (n) => n > before,
      { intervalMs: 250 },
    );

    // Hidden: the badge says Paused and the page asks molt for nothing.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/')) reads.push(request.url());
    });
    await page.evaluate(visibility('hidden'));
    await page.locator('.live-badge.paused').waitFor(WAIT());
    reads.length = 0;
    // Absence can only be shown over time: three polling intervals with no read.
    await page.waitForTimeout(LIVE_INTERVAL_MS * 3);
    expect(reads).toEqual([]);
    // Shown again: it reads at once and is live.
    await page.evaluate(visibility('visible'));
    await page.locator('.live-badge.on').waitFor(WAIT());
    await eventually(
      async () => reads.length,
      (n) => n > 0,
      { intervalMs: 100 },
    );
    await page.close();
  });

  it('answers an unknown session with one clear 404 and nothing to press', async () => {
    const page = await s.signedIn('#/sessions/no-such-session-ever');
    await page.locator('main [role="alert"]').first().waitFor(WAIT());
    expect(await page.locator('main [role="alert"]').count()).toBe(1);
    expect(await page.locator('main [role="alert"]').textContent()).toContain('404');
    expect(await page.locator('main button').count()).toBe(0);
    expect(await page.locator('.live-badge').count()).toBe(0);
    await page.close();
  });

  it('shows the exact context the agent receives, with its tokens against the window', async () => {
    const page = await s.signedIn(`#/sessions/${okSession}`);
    await page.getByRole('button', { name: 'Show the context' }).click();
    const tokens = page.locator('.context-tokens');
    await tokens.waitFor(WAIT());
    const context = (await s.api('GET', `/v1/sessions/${okSession}/context`)).body;
    const view = (await s.api('GET', `/v1/sessions/${okSession}`)).body;
    expect(await tokens.getAttribute('data-tokens')).toBe(String(context.estimatedTokens));
    expect(await tokens.getAttribute('data-window')).toBe(String(view.contextWindowTokens));
    expect(await tokens.textContent()).toContain(
      `${context.estimatedTokens.toLocaleString('en')} of ${view.contextWindowTokens.toLocaleString('en')} tokens`,
    );
    expect(await page.locator('.context-message').count()).toBe(context.messages.length);
    // The JSON shown is the answer itself.
    const shown = JSON.parse((await page.locator('pre.context-json').textContent()) ?? '{}');
    expect(shown.messages).toEqual(context.messages);
    await screenshot(page.locator('section.context-view'), 'console-context', 640);
    await page.close();
  });

  it('charts a session fill over time with each compaction marked, ending at its live tokens', async () => {
    const page = await s.signedIn(`#/sessions/${degradedSession}`);
    const chart = page.locator('svg.fill-chart');
    await chart.waitFor(WAIT());
    const timeline = (await s.api('GET', `/v1/sessions/${degradedSession}/timeline`)).body;
    const view = (await s.api('GET', `/v1/sessions/${degradedSession}`)).body;
    const compactionIds = timeline.items
      .filter((i: { kind: string }) => i.kind === 'compaction')
      .map((i: { compactionId: string }) => i.compactionId)
      .sort();
    await eventually(
      async () =>
        (
          await chart
            .locator('g.compaction-mark')
            .evaluateAll((marks) => marks.map((m) => m.getAttribute('data-compaction')))
        )
          .map(String)
          .sort(),
      (marked) => JSON.stringify(marked) === JSON.stringify(compactionIds),
    );
    expect(compactionIds.length).toBeGreaterThanOrEqual(2); // the degraded one and its replay
    expect(await chart.getAttribute('data-last-tokens')).toBe(String(view.liveTokens));
    const turns = timeline.items.filter((i: { kind: string }) => i.kind === 'turn').length;
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(turns);
    await screenshot(page.locator('section.fill-over-time'), 'console-chart');
    await page.close();
  });

  it('links each workflow history to the Temporal UI', async () => {
    const page = await s.signedIn(`#/sessions/${okSession}`);
    await page.getByRole('button', { name: 'Show the workflow history' }).click();
    const links = page.locator('.history-panel a.temporal-ui');
    await links.first().waitFor(WAIT());
    const history = (await s.api('GET', `/v1/sessions/${okSession}/history`)).body;
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(history.runs.map((r: { uiUrl: string }) => r.uiUrl));
    for (const run of history.runs) {
      expect(run.uiUrl).toBe(
        `${TEMPORAL_UI_URL}/namespaces/default/workflows/${encodeURIComponent(run.workflowId)}/${run.runId}/history`,
      );
    }
    expect(await links.first().getAttribute('rel')).toContain('noopener');
    await page.close();
  });

  it('follows the dark mode of the system', async () => {
    const luminance = async (scheme: 'light' | 'dark') => {
      const page = await s.signedIn(`#/sessions/${okSession}`, scheme);
      await page.locator('svg.fill-chart').waitFor(WAIT());
      const rgb = String(await page.evaluate('getComputedStyle(document.documentElement).backgroundColor'));
      if (scheme === 'dark') await screenshot(page, 'console-dark');
      await page.close();
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    expect(await luminance('light')).toBeGreaterThan(0.8);
    expect(await luminance('dark')).toBeLessThan(0.2);
  });
});
