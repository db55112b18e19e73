import { describe, expect, it } from 'vitest';
import { systemPromptAddition } from '../../context/memory/prompt.js';
import {
  fitRecalled,
  injectAfterLatestUser,
  isGreeting,
  matchedTerms,
  queryOfTexts,
  type RecalledMemory,
  recallMessages,
  recallQueryOf,
  scoreMemory,
} from '../../context/memory/recall.js';
import { indexTerms, textTerms } from '../../context/memory/terms.js';
import {
  appendSkillBlocks,
  normalizeErrorText,
  skillOfCall,
  topErrors,
} from '../../context/memory/tool-memory.js';
import type { Message } from '../../context/messages.js';
import { estimateTextTokens } from '../../context/tokens/index.js';

const user = (content: string): Message => ({ role: 'user', content });

describe('the recall analyzer', () => {
  it('folds case, drops stop words and keys a word by its stem', () => {
    expect(textTerms("What's my preferred editor?")).toEqual([
      { word: 'preferred', key: 'prefer' },
      { word: 'editor', key: 'editor' },
    ]);
    expect(indexTerms('I prefer Vim')).toEqual(['prefer', 'vim']);
  });

  it('keeps identifiers whole and their parts as words', () => {
    const terms = indexTerms('Use pg_trgm on api.example.com, see src/db/client.ts');
    expect(terms).toEqual(
      expect.arrayContaining(['pg_trgm', 'trgm', 'api.example.com', 'src/db/client.ts', 'client']),
    );
  });

  it('indexes Chinese, Japanese and Korean by character bigrams, without hiragana-only ones', () => {
    expect(indexTerms('我喜欢喝绿茶')).toEqual(['我喜', '喜欢', '欢喝', '喝绿', '绿茶']);
    expect(indexTerms('コーヒーを飲みます')).not.toContain('みま');
    expect(indexTerms('커피를 마셔요')).toContain('커피');
    expect(indexTerms('茶')).toEqual(['茶']);
  });

  it('gives a query and a memory of the same meaning a shared term across inflections', () => {
    const query = textTerms('Which databases do we deploy to?');
    const memory = new Set(indexTerms('Deployed the database to fly.io'));
    expect(query.filter((term) => memory.has(term.key)).map((term) => term.word)).toEqual([
      'databases',
      'deploy',
    ]);
  });
});

describe('when recall runs', () => {
  it('skips greetings in four languages and messages of three characters or fewer', () => {
    for (const text of [
      'hi',
      'Hello!',
      'hey there 👋',
      '你好',
      '在吗？',
      'こんにちは',
      '안녕하세요~',
      'Thanks!',
    ]) {
      expect(isGreeting(text), text).toBe(true);
    }
    expect(isGreeting('hi, which port does the API use?')).toBe(false);
    expect(recallQueryOf([user('Hello!')])).toEqual({ skipped: 'greeting' });
    expect(recallQueryOf([user('why')])).toEqual({ skipped: 'short' });
    expect(recallQueryOf([user('who is it')])).toEqual({ skipped: 'no_terms' });
    expect(recallQueryOf([])).toEqual({ skipped: 'no_user_message' });
  });

  it('queries the last five user messages, the newest weighing most', () => {
    const messages = [
      'one alpha',
      'two bravo',
      'three charlie',
      'four delta',
      'five echo',
      'six foxtrot',
    ].map(user);
    const query = recallQueryOf(messages);
    if ('skipped' in query) throw new Error('expected a query');
    expect(query.query.split('\n')).toEqual([
      'two bravo',
      'three charlie',
      'four delta',
      'five echo',
      'six foxtrot',
    ]);
    expect(query.terms.find((t) => t.word === 'foxtrot')?.weight).toBe(1);
    expect(query.terms.find((t) => t.word === 'bravo')?.weight).toBe(0.5);
    expect(query.terms.some((t) => t.word === 'alpha')).toBe(false);
    expect(queryOfTexts(query.query.split('\n'))).toEqual(query);
  });
});

describe('scoring and fitting', () => {
  it('scores by matched weight, saturating, plus half the trigram similarity', () => {
    const query = queryOfTexts(['the nightly backup bucket'])!;
    const matched = matchedTerms(query.terms, 'Backups run nightly');
    expect(matched.map((t) => t.word)).toEqual(['nightly', 'backup']);
    expect(scoreMemory(matched, 0)).toBeCloseTo(2 / 3);
    expect(scoreMemory(matched, 0.4)).toBeCloseTo(2 / 3 + 0.2);
    expect(scoreMemory([], 0.3)).toBeCloseTo(0.15);
  });

  it('fits the best memories under the token cap, skipping one that does not fit', () => {
    const memory = (id: string, content: string): RecalledMemory => ({
      id,
      type: 'decision',
      content,
      source: 'said by the user',
      recordedAt: '2026-11-01T00:00:00.000Z',
    });
    const ranked = [memory('a', 'short'), memory('b', 'x '.repeat(2_000)), memory('c', 'also short')];
    const fitted = fitRecalled(ranked, { maxResults: 5, maxTokens: 200 }, estimateTextTokens);
    expect(fitted.map((m) => m.id)).toEqual(['a', 'c']);
    expect(fitRecalled(ranked, { maxResults: 1, maxTokens: 10_000 }, estimateTextTokens)).toHaveLength(1);
  });
});

describe('the injected pair', () => {
  const memories: RecalledMemory[] = [
    {
      id: 'mem_1',
      type: 'preference',
      content: 'Tabs',
      source: 'committed by an agent',
      recordedAt: '2026-11-01T00:00:00.000Z',
    },
  ];

  it('is a search_memories call and its result, paired, with a stable id', () => {
    const [call, result] = recallMessages('indentation?', memories);
    expect(call.content[0]).toMatchObject({
      type: 'toolCall',
      name: 'search_memories',
      arguments: { query: 'indentation?', max_results: 5 },
    });
    const id = call.content[0]!.type === 'toolCall' ? call.content[0]!.id : '';
    expect(result).toMatchObject({ role: 'toolResult', toolCallId: id, toolName: 'search_memories' });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ success: true, memories });
    expect(recallMessages('indentation?', memories)).toEqual([call, result]);
    expect(recallMessages('other', memories)[0]).not.toEqual(call);
  });

  it('goes right after the latest user message', () => {
    const pair = recallMessages('q', memories);
    const messages: Message[] = [
      user('first'),
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      user('second'),
      { role: 'assistant', content: [{ type: 'text', text: 'working' }] },
    ];
    const out = injectAfterLatestUser(messages, pair);
    expect(out.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'toolResult',
      'assistant',
    ]);
    expect(out[3]).toBe(pair[0]);
    expect(injectAfterLatestUser([], pair)).toEqual([]);
  });
});

describe('tool and skill memories', () => {
  it('folds what varies in an error text', () => {
    expect(normalizeErrorText('Error: ENOENT: no such file /tmp/run-3/out.json\n    at x')).toBe(
      'Error: ENOENT: no such file <path>',
    );
    expect(normalizeErrorText('timeout after 3000 ms on "db-7"')).toBe('timeout after <n> ms on <str>');
    expect(normalizeErrorText('job 3f2a9c1e-1b2c-4d5e-8f90-123456789abc failed')).toBe('job <id> failed');
    expect(topErrors(['exit 1', 'exit 2', 'oops', 'exit 3'])).toEqual([
      { text: 'exit <n>', count: 3 },
      { text: 'oops', count: 1 },
    ]);
  });

  it('recognises a SKILL.md read and appends the block after the file text', () => {
    expect(skillOfCall({ path: '/home/a/skills/deploy/SKILL.md' })).toBe('deploy');
    expect(skillOfCall({ path: 'skills/deploy/README.md' })).toBeNull();
    const file = [{ type: 'text' as const, text: '# Deploy\n' }];
    const messages: Message[] = [
      {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'skills/deploy/SKILL.md' } },
        ],
      },
      { role: 'toolResult', toolCallId: 'c1', toolName: 'read', content: file },
    ];
    const out = appendSkillBlocks(messages, new Map([['deploy', '<molt-skill-memory skill="deploy">…']]));
    expect(out[0]).toBe(messages[0]);
    expect(out[1]).toMatchObject({
      content: [file[0], { type: 'text', text: '<molt-skill-memory skill="deploy">…' }],
    });
    expect(messages[1]).toMatchObject({ content: file });
  });
});

describe('the system-prompt addition', () => {
  const input = {
    about: [
      {
        type: 'profile',
        content: 'Ada, maintainer',
        provenance: 'said by the user' as const,
        validFrom: '2026-10-01T00:00:00.000Z',
        recordedAt: 'x',
      },
    ],
    tools: [
      {
        tool: 'exec',
        calls: 7,
        errors: 3,
        medianMs: 500,
        p95Ms: 925,
        lastUsedAt: '2026-11-20T10:00:00.000Z',
        topErrors: [{ text: 'exit <n>', count: 3 }],
        tips: ['run tests with --bail'],
      },
    ],
    counts: { profile: 1, decision: 2 },
    maxTokens: 800,
    countTokens: estimateTextTokens,
  };

  it('holds the profile, the tools and an overview, the same for the same input', () => {
    const text = systemPromptAddition(input)!;
    expect(text).toContain('- [profile, said by the user, since 2026-10-01] "Ada, maintainer"');
    expect(text).toContain(
      '- "exec": 7 calls; 3 errors (57% ok); median 500 ms, p95 925 ms; last used 2026-11-20',
    );
    expect(text).toContain('frequent errors: "exit \\u003cn\\u003e" ×3');
    expect(text).toContain('tip: "run tests with --bail"');
    expect(text).toContain('molt holds 3 memories for this user (2 decision, 1 profile)');
    expect(systemPromptAddition(input)).toBe(text);
  });

  it('drops tool lines, then profile lines, to fit the cap; nothing when the scope is empty', () => {
    const text = systemPromptAddition({ ...input, maxTokens: 60 })!;
    expect(text).not.toContain('exec');
    expect(text).toContain('molt holds 3 memories');
    expect(systemPromptAddition({ ...input, about: [], tools: [], counts: {} })).toBeNull();
  });
});
