/**
 * Tool and skill memories on the real stack (docs/memory.md#recall): the system-prompt addition
 * describes the tools a session uses with counts equal to the rows in PostgreSQL, and a SKILL.md
 * read carries its skill's memory with the file's text byte-identical.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueSessionId } from './harness.js';
import { type Json, useRecallStack } from './recall-stack.js';

const { stack, call, remember, context } = useRecallStack();

/** A turn whose tool calls fail as the list says (true: an error). */
function toolTurn(turnId: string, outcomes: boolean[], start: number) {
  const messages: Json[] = [{ role: 'user', content: `Run the checks for ${turnId}.`, timestamp: start }];
  outcomes.forEach((failing, i) => {
    const id = `${turnId}_call_${i}`;
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'toolCall', id, name: 'exec', arguments: { command: `npm test -- shard ${i}` } }],
        stopReason: 'toolUse',
        timestamp: start + 1_000 * i,
      },
      {
        role: 'toolResult',
        toolCallId: id,
        toolName: 'exec',
        isError: failing,
        content: [
          { type: 'text', text: failing ? `Error: ENOENT: no such file /tmp/run-${i}/out.json` : 'ok' },
        ],
        timestamp: start + 1_000 * i + 250 * (i + 1),
      },
    );
  });
  return { turnId, messages };
}

describe('tool and skill memories', () => {
  it('describes the tools a session uses with counts equal to the rows in PostgreSQL', async () => {
    const userId = `u-${randomUUID()}`;
    const earlier = uniqueSessionId('tools-earlier');
    const now = uniqueSessionId('tools-now');
    await call('POST', `/v1/sessions/${earlier}/turns`, {
      ...toolTurn('a', [false, true, false, true], 1_700_000_000_000),
      userId,
    });
    await call('POST', `/v1/sessions/${now}/turns`, {
      ...toolTurn('b', [false, true, false], 1_700_000_100_000),
      userId,
    });
    await remember({ userId }, 'Ada Lovelace, maintainer of the parser.', { type: 'profile' });

    const ctx = await context(now);
    const counted = await stack.h.database.db.execute(sql`
      select count(*)::int as calls,
        (select count(*)::int from messages r where r.session_id in (${earlier}, ${now})
           and r.role = 'toolResult' and r.body->>'toolName' = 'exec' and r.body->'isError' = 'true'::jsonb) as errors
      from messages m, jsonb_array_elements(m.body->'content') b
      where m.session_id in (${earlier}, ${now}) and m.role = 'assistant'
        and b->>'type' = 'toolCall' and b->>'name' = 'exec'`);
    const { calls, errors } = (counted as unknown as { rows: Json[] }).rows[0]!;
    expect([calls, errors]).toEqual([7, 3]);
    const addition: string = ctx.systemPromptAddition;
    expect(addition).toContain(`- "exec": ${calls} calls; ${errors} errors (57% ok)`);
    expect(addition).toMatch(/median \d+ ms, p95 \d+ ms/);
    // Quoted data (docs/security.md): molt's placeholders are escaped like the rest of the text.
    expect(addition).toContain('"Error: ENOENT: no such file \\u003cpath\\u003e" ×3');
    expect(addition).toContain('Ada Lovelace');
    expect(addition).toMatch(/molt holds 1 memory for this user \(1 profile\)/);

    const again = await context(now);
    expect(again.systemPromptAddition).toBe(addition);
  });

  it('follows a SKILL.md read with the skill memory, the file text byte-identical inside', async () => {
    const userId = `u-${randomUUID()}`;
    const sessionId = uniqueSessionId('skill');
    const skillText =
      '---\nname: deploy\ndescription: Ship a service\n---\n# Deploy\n\n1. Run `make ship`.\n\u00a0Ünïcödé ✓\n';
    await remember({ userId }, 'Run make ship from the repo root, never from a subfolder.', {
      type: 'skill',
      category: 'deploy',
    });
    await call('POST', `/v1/sessions/${sessionId}/turns`, {
      turnId: 't1',
      userId,
      messages: [
        { role: 'user', content: 'Ship it using the deploy skill.' },
        {
          role: 'assistant',
          content: [
            {
              type: 'toolCall',
              id: 'read_skill',
              name: 'read',
              arguments: { path: '/work/skills/deploy/SKILL.md' },
            },
          ],
          stopReason: 'toolUse',
        },
        {
          role: 'toolResult',
          toolCallId: 'read_skill',
          toolName: 'read',
          content: [{ type: 'text', text: skillText }],
        },
      ],
    });
    const ctx = await context(sessionId);
    expect(ctx.recall.skills).toEqual(['deploy']);
    const result = ctx.messages.find((m: Json) => m.role === 'toolResult' && m.toolCallId === 'read_skill');
    expect(result.content[0].text).toBe(skillText);
    expect(result.content).toHaveLength(2);
    expect(result.content[1].text).toMatch(/^<molt-skill-memory skill="deploy">/);
    expect(result.content[1].text).toContain(
      'used 1 time in 1 session; 100% of those turns ended without a tool error',
    );
    expect(result.content[1].text).toContain('never from a subfolder');
    const anthropic = await context(sessionId, 'format=anthropic');
    const block = anthropic.messages
      .flatMap((m: Json) => (Array.isArray(m.content) ? m.content : []))
      .find((b: Json) => b.type === 'tool_result' && b.tool_use_id === 'read_skill');
    expect(JSON.stringify(block)).toContain(JSON.stringify(skillText).slice(1, -1));
  });
});
