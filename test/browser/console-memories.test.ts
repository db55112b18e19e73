/**
 * The console's memory pages in a real headless Chromium: a user's memories with their
 * provenance (the quote linked to its turn), text from users and models rendered as text (a
 * memory holding `<img onerror>` and `<script>` runs nothing), why a memory was recalled, an edit
 * that supersedes, a forget clicked through (gone via the API), an extraction's diff, and the
 * erasure of the user's memories with its receipt.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, uniqueSessionId } from '../integration/harness.js';
import { type ConsoleStack, screenshot, startConsoleStack, WAIT } from './stack.js';

const WINDOW = 20_000;
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

let s: ConsoleStack;
let sessionId: string;
let userId: string;
let extracted: { id: string; content: string; source: { fromSeq: number; quote: string } };
let hostile: { id: string; content: string };

const said = (turnId: string, text: string) => ({
  turnId,
  contextWindowTokens: WINDOW,
  userId,
  messages: [
    { role: 'user', content: text },
    { role: 'assistant', content: [{ type: 'text', text: 'Understood.' }] },
  ],
});

async function nothingRan(page: Page): Promise<void> {
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(await page.locator('main img').count()).toBe(0);
  expect(await page.locator('main script').count()).toBe(0);
}

beforeAll(async () => {
  s = await startConsoleStack();
  sessionId = uniqueSessionId('console-mem');
  userId = `u-${randomUUID()}`;
  expect(
    (
      await s.api(
        'POST',
        `/v1/sessions/${sessionId}/turns`,
        said('t1', 'Please remember that my deploy target is fly.io in region ams.'),
      )
    ).status,
  ).toBe(202);
  // /new: the whole range is extracted now.
  expect(
    (await s.api('POST', `/v1/sessions/${sessionId}/compact`, { keepRecentTokens: 0 })).status,
  ).toBeLessThan(300);
  const memories = await eventually(
    async () => (await s.api('GET', `/v1/memories?userId=${userId}&limit=100`)).body.items,
    (items: Array<{ source: { quote?: string } }>) => items.some((m) => m.source.quote !== undefined),
  );
  extracted = memories.find(
    (m: { source: { quote?: string } }) => m.source.quote !== undefined,
  ) as typeof extracted;
  const committed = await s.api('POST', '/v1/memories', {
    content: `My signature is ${IMG} and ${SCRIPT} — keep both verbatim`,
    type: 'profile',
    userId,
    sessionId,
  });
  expect(committed.status).toBe(201);
  hostile = committed.body.memory;
  // A later question about the deploy target: the context assembled now recalls the memory.
  expect(
    (
      await s.api(
        'POST',
        `/v1/sessions/${sessionId}/turns`,
        said('t2', 'Which region is my deploy target in on fly.io?'),
      )
    ).status,
  ).toBe(202);
  await eventually(
    async () => (await s.api('GET', `/v1/sessions/${sessionId}`)).body,
    (v) => v.lastSeq >= 4,
  );
});

afterAll(async () => {
  await s?.stop();
});

describe('a user’s memories', () => {
  it('lists them with type, status and provenance; user text is shown as text and runs nothing', async () => {
    const page = await s.signedIn(`#/memories?userId=${encodeURIComponent(userId)}`);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const row = page.locator(`tr[data-memory="${hostile.id}"]`);
    await row.waitFor(WAIT());
    expect(await row.locator('td.content').textContent()).toBe(hostile.content);
    await nothingRan(page);

    const quoted = page.locator(`tr[data-memory="${extracted.id}"]`);
    expect(await quoted.locator('blockquote').textContent()).toBe(extracted.source.quote);
    await screenshot(page, 'console-memories');

    // The quote links to its turn: the session's timeline with that turn highlighted.
    await quoted.locator('figcaption a').click();
    await page.locator('li.event.turn.highlight').waitFor(WAIT());
    expect(await page.locator('li.event.turn.highlight').getAttribute('data-turn')).toBe('t1');

    // The memory's own page shows the same text as text.
    await page.goto(`${s.baseUrl}/ui/#/memories/${hostile.id}`);
    await page.locator('.memory-content').waitFor(WAIT());
    expect(await page.locator('.memory-content').textContent()).toBe(hostile.content);
    await nothingRan(page);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('explains why a memory was recalled into the session’s context', async () => {
    const page = await s.signedIn(`#/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Explain the recall' }).click();
    const row = page.locator('table.explain-table tr', { hasText: extracted.content });
    await row.waitFor(WAIT());
    expect(await row.textContent()).toContain('yes');
    expect(await page.locator('section.recall').textContent()).toContain('Which region is my deploy target');
    await page.close();
  });

  it('edits a memory: the new text supersedes it and the old version stays in the history', async () => {
    const page = await s.signedIn(`#/memories/${extracted.id}`);
    const edited = 'My deploy target is fly.io in region fra.';
    await page.locator('textarea[name="content"]').fill(edited);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.hash.endsWith(extracted.id), WAIT());
    await page.locator('.memory-content', { hasText: edited }).waitFor(WAIT());
    const history = page.locator('section.history');
    await history.getByText('edited by an operator').waitFor(WAIT());
    expect(await history.locator('del').first().textContent()).toBe(extracted.content);
    const newId = decodeURIComponent(new URL(page.url()).hash.split('/').pop()!);
    const [previous, current] = await Promise.all([
      s.api('GET', `/v1/memories/${extracted.id}`),
      s.api('GET', `/v1/memories/${newId}`),
    ]);
    expect(previous.body).toMatchObject({ status: 'superseded', supersededBy: newId });
    expect(current.body).toMatchObject({ status: 'active', content: edited, source: { kind: 'operator' } });
    await screenshot(page, 'console-memory');
    await page.close();
  });

  it('forgets a memory from its page: the API has it deleted and no longer lists it as active', async () => {
    const page = await s.signedIn(`#/memories/${hostile.id}`);
    await page.getByRole('button', { name: 'Forget…' }).click();
    await page.getByRole('button', { name: 'Yes, forget' }).click();
    await page.locator('.memory .badge.deleted').first().waitFor(WAIT());
    expect((await s.api('GET', `/v1/memories/${hostile.id}`)).body.status).toBe('deleted');
    const active = (await s.api('GET', `/v1/memories?userId=${userId}&status=active`)).body.items;
    expect(active.map((m: { id: string }) => m.id)).not.toContain(hostile.id);
    await page.close();
  });

  it('shows an extraction’s diff', async () => {
    const extractions = (await s.api('GET', `/v1/memory-extractions?sessionId=${sessionId}`)).body.items;
    const extraction = extractions.find((e: { status: string }) => e.status === 'succeeded');
    const page = await s.signedIn(`#/extractions/${encodeURIComponent(extraction.id)}`);
    await page.getByRole('heading', { name: 'Diff' }).waitFor(WAIT());
    await page.locator('.events ins', { hasText: extracted.content }).first().waitFor(WAIT());
    await page.close();
  });

  it('pages a long list of memories with its total', async () => {
    const many = `u-${randomUUID()}`;
    const ids = new Set<string>();
    for (let i = 0; i < 53; i++) {
      const added = await s.api('POST', '/v1/memories', {
        content: `Ticket ${randomUUID()} is assigned to shelf ${i}`,
        type: 'entity',
        userId: many,
      });
      expect(added.status).toBeLessThan(300);
      ids.add(added.body.memory.id);
    }
    const total = (await s.api('GET', `/v1/memories?userId=${many}&limit=1`)).body.total;
    expect(total).toBe((await s.api('GET', `/v1/memories?userId=${many}&limit=200`)).body.items.length);
    expect(total).toBeGreaterThan(50);
    const page = await s.signedIn(`#/memories?userId=${encodeURIComponent(many)}`);
    const range = page.locator('.pager-range');
    await range.waitFor(WAIT());
    expect(await range.textContent()).toContain(`1–50 of ${total} memories`);
    const rowIds = () =>
      page
        .locator('table.memories tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-memory')));
    const firstPage = await rowIds();
    expect(firstPage).toHaveLength(50);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`51–${total} of ${total} memories`).waitFor(WAIT());
    const secondPage = await rowIds();
    expect(secondPage).toHaveLength(total - 50);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Every memory is on one page or the other, none twice.
    expect(new Set([...firstPage, ...secondPage])).toEqual(ids);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`1–50 of ${total} memories`).waitFor(WAIT());
    await screenshot(page.locator('main'), 'console-memories-paging', 420);
    await page.close();
  });

  it('erases the user’s memories and shows the receipt; the API has none left', async () => {
    const before = (await s.api('GET', `/v1/memories?userId=${userId}&limit=200`)).body.items.length;
    expect(before).toBeGreaterThan(0);
    const page = await s.signedIn(`#/memories?userId=${encodeURIComponent(userId)}&status=`);
    await page.getByRole('button', { name: /Erase the memories of user/ }).click();
    await page.getByRole('button', { name: 'Yes, erase' }).click();
    const receipt = page.locator('.receipt');
    await receipt.waitFor(WAIT());
    expect(await receipt.textContent()).toMatch(
      /\d+ memories, \d+ history events and\s+\d+ extractions erased/,
    );
    expect((await s.api('GET', `/v1/memories?userId=${userId}&limit=200`)).body.items).toEqual([]);
    await page.close();
  });
});
