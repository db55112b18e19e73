/**
 * The browser tier's stack: the integration harness (real Temporal, real PostgreSQL, the fake LLM
 * at the network edge) with keys required, its API listening on a free port, and a real headless
 * Chromium driven by playwright-core through its executable path (nothing is downloaded).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { createApiKey } from '../../db/api-keys.js';
import { DEFAULT_TENANT_ID } from '../../db/transcript.js';
import { type FakeLlm, startFakeLlm } from '../fake-llm/server.js';
import { type Harness, startHarness } from '../integration/harness.js';
import { scaled } from '../time-scale.js';
import { chromiumPath } from './chromium.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers as JSON, read field by field
type Answer = { status: number; body: any };

export interface ConsoleStack {
  h: Harness;
  fake: FakeLlm;
  browser: Browser;
  baseUrl: string;
  operatorKey: string;
  agentKey: string;
  /** An inject with the operator key: the API as the test checks it, beside the console. */
  api(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: unknown): Promise<Answer>;
  /** A page signed in with the operator key, at `hash` of the console (light unless `colorScheme` says). */
  signedIn(hash?: string, colorScheme?: 'light' | 'dark'): Promise<Page>;
  stop(): Promise<void>;
}

export const WAIT = () => ({ timeout: scaled(30_000) });

/** The Temporal Web UI the stack's API links workflow histories to (MOLT_TEMPORAL_UI_URL). */
export const TEMPORAL_UI_URL = 'http://temporal-ui.test:8233';

export async function startConsoleStack(): Promise<ConsoleStack> {
  const executablePath = chromiumPath();
  const fake = await startFakeLlm();
  const h = await startHarness({
    llmBaseUrl: fake.baseUrl,
    auth: 'required',
    temporalUiUrl: TEMPORAL_UI_URL,
  });
  const operatorKey = (await createApiKey(h.database.db, { tenantId: DEFAULT_TENANT_ID, role: 'operator' }))
    .key;
  const agentKey = (await createApiKey(h.database.db, { tenantId: DEFAULT_TENANT_ID, role: 'agent' })).key;
  const baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  // Root in a container cannot use Chromium's sandbox.
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  const pages: Page[] = [];
  return {
    h,
    fake,
    browser,
    baseUrl,
    operatorKey,
    agentKey,
    async api(method, url, payload) {
      const answer = await h.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${operatorKey}` },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      return { status: answer.statusCode, body: answer.body ? answer.json() : undefined };
    },
    async signedIn(hash = '#/sessions', colorScheme = 'light') {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
      pages.push(page);
      // A script error in the console fails loudly in the test's output.
      page.on('pageerror', (error) => console.error(`console page error: ${error.message}`));
      await page.goto(`${baseUrl}/ui/${hash}`);
      await page.getByLabel('Operator key').fill(operatorKey);
      await page.getByRole('button', { name: 'Open the console' }).click();
      await page.locator('header.top').waitFor(WAIT());
      return page;
    },
    async stop() {
      await browser.close().catch(() => {});
      await h.stop();
      await fake.close();
    },
  };
}

/** Saves a screenshot under MOLT_CONSOLE_SCREENSHOTS (a directory) when that is set. */
export async function screenshot(target: Page | Locator, name: string, maxHeight?: number): Promise<void> {
  const dir = process.env.MOLT_CONSOLE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  if (maxHeight !== undefined && 'page' in target) {
    // A long element (a whole context) is cut to its top: the docs need its look, not every line.
    const box = await target.evaluate((element) => {
      const r = element.getBoundingClientRect();
      const view = globalThis as unknown as { scrollX: number; scrollY: number };
      return { x: r.x + view.scrollX, y: r.y + view.scrollY, width: r.width, height: r.height };
    });
    await target.page().screenshot({
      path,
      fullPage: true,
      clip: { ...box, height: Math.min(box.height, maxHeight) },
    });
    return;
  }
  await target.screenshot({ path });
}
