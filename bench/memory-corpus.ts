/**
 * A generated multi-session corpus for the memory benchmark: several users, two sessions each,
 * planted memorable facts (English, Chinese, Japanese, Korean; remember requests, preferences,
 * prohibitions, decisions, identifiers, a plainly stated fact), some repeated in the second session
 * with other casing and punctuation, one preference changed there, and planted noise (questions
 * that mention "remember" or "always", a hypothetical and a negated plain fact, the assistant's
 * own preferences, ordinary coding turns).
 */
import type { Message } from '../context/messages.js';
import { TurnGenerator } from './transcript.js';

export interface PlantedFact {
  /** Unique per user; a changed preference is a new fact that supersedes `supersedes`. */
  id: string;
  /** Every sentence that states it (verbatim, as the user said it). */
  utterances: string[];
  supersedes?: string;
}

export interface CorpusSession {
  userId: string;
  sessionId: string;
  turns: Array<{ turnId: string; messages: Message[] }>;
}

export interface Corpus {
  sessions: CorpusSession[];
  /** Facts per user. */
  facts: Map<string, PlantedFact[]>;
}

const DOGS = ['Rex', 'Miso', 'Biscuit', 'Nori', 'Pepper', 'Juno'];
const DBS = ['PostgreSQL', 'ClickHouse', 'SQLite', 'DuckDB', 'CockroachDB', 'MySQL'];
const TEAMS = ['インフラ', 'フロント', 'データ', 'セキュリティ', 'モバイル', '検索'];

const NOISE = [
  'Do you remember what we decided about the cache?',
  'Should I always run the linter before pushing?',
  'Can you check whether the tests pass now?',
  'The build is green again, thanks.',
  '你还记得上次的错误吗？',
  'Never mind, it works now.',
  'If prod runs in eu-west-1, the latency doubles.',
  'Our staging DB is not heron-staging-db anymore.',
];

const say = (turnId: string, user: string, assistant: string): { turnId: string; messages: Message[] } => ({
  turnId,
  messages: [
    { role: 'user', content: user },
    { role: 'assistant', content: [{ type: 'text', text: assistant }], stopReason: 'stop' },
  ],
});

export function generateCorpus(users: number, seed = 7): Corpus {
  const sessions: CorpusSession[] = [];
  const facts = new Map<string, PlantedFact[]>();
  for (let u = 0; u < users; u++) {
    const userId = `bench-user-${u}`;
    const gen = new TurnGenerator(seed * 100 + u);
    const first: PlantedFact[] = [
      { id: 'dog', utterances: [`Please remember that my dog is called ${DOGS[u % DOGS.length]}.`] },
      { id: 'codename', utterances: [`记住：我的项目代号是北极星${u}号。`] },
      { id: 'team', utterances: [`私のチームは${TEAMS[u % TEAMS.length]}チームだと覚えておいて。`] },
      { id: 'employee', utterances: [`내 사번은 A-${1000 + u}이라는 걸 기억해줘.`] },
      { id: 'indent', utterances: [`I prefer ${u % 2 === 0 ? 'tabs' : 'spaces'} for indentation.`] },
      { id: 'confirm', utterances: ["Don't ask me to confirm deployments again."] },
      { id: 'audit', utterances: [`We decided to use ${DBS[u % DBS.length]} for the audit log.`] },
      { id: 'email', utterances: [`My work email is user${u}.bench@example.com and I read it daily.`] },
      { id: 'staging', utterances: [`Our staging DB is heron-staging-${u}.`] },
    ];
    const changed: PlantedFact = {
      id: 'indent-v2',
      utterances: [`Actually I prefer ${u % 2 === 0 ? 'spaces' : 'tabs'} for indentation.`],
      supersedes: 'indent',
    };
    // Said again in the second session, in other casing and punctuation: duplicates to skip.
    const repeated = [
      `please remember that my dog is called ${DOGS[u % DOGS.length]}`,
      `记住：我的项目代号是北极星${u}号！`,
      `We decided to use ${DBS[u % DBS.length]} for the audit log!`,
    ];
    first.find((f) => f.id === 'dog')!.utterances.push(repeated[0]!);
    first.find((f) => f.id === 'codename')!.utterances.push(repeated[1]!);
    first.find((f) => f.id === 'audit')!.utterances.push(repeated[2]!);
    facts.set(userId, [...first, changed]);

    const build = (index: number, planted: string[]) => {
      const turns: CorpusSession['turns'] = [];
      let n = 0;
      for (const [i, text] of planted.entries()) {
        turns.push({ turnId: `c${n}`, messages: gen.codingTurn(n) });
        n += 1;
        turns.push(say(`p${i}`, text, 'Noted.'));
        turns.push(
          say(
            `n${i}`,
            NOISE[(i + u) % NOISE.length]!,
            'I prefer to check the logs first. Always happy to help.',
          ),
        );
      }
      sessions.push({ userId, sessionId: `bench-mem-${u}-${index}`, turns });
    };
    build(
      1,
      first.map((f) => f.utterances[0]!),
    );
    build(2, [...repeated, changed.utterances[0]!]);
  }
  return { sessions, facts };
}
