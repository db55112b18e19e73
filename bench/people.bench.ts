/**
 * The BM25 baseline on the people-conversation corpus (bench/people-corpus.ts): for each part
 * apart (tuning, held-out), evidence hit@5 and hit@10 of plain BM25 (bench/bm25.ts, k1 1.2,
 * b 0.75) over the raw messages, one document per message, one index per conversation (each
 * question is asked of its own conversation's messages). Two document forms: the message text
 * alone (`text`, the figure to beat) and `Speaker: text` (`speakerAndText`, a transcript line).
 *
 * Run: `npx tsx bench/people.bench.ts` — prints one JSON object.
 */
import { fileURLToPath } from 'node:url';
import { bm25Index } from './bm25.js';
import {
  type EvidenceScore,
  loadPeopleCorpus,
  PEOPLE_PARTS,
  type PeopleConversation,
  type PeoplePart,
  scoreEvidence,
} from './people-corpus.js';

type DocumentForm = 'text' | 'speakerAndText';

/** Ranked message ids for each question, one BM25 index per conversation (built once). */
export function bm25Retriever(form: DocumentForm) {
  const indexes = new Map<string, ReturnType<typeof bm25Index>>();
  return (conversation: PeopleConversation, question: { question: string }): string[] => {
    let index = indexes.get(conversation.id);
    if (!index) {
      index = bm25Index(
        conversation.sessions.flatMap((session) =>
          session.messages.map((m) => ({
            id: m.id,
            text: form === 'text' ? m.text : `${m.speaker}: ${m.text}`,
          })),
        ),
      );
      indexes.set(conversation.id, index);
    }
    return index.search(question.question, 10).map((hit) => hit.id);
  };
}

export async function run(): Promise<object> {
  const parts = {} as Record<PeoplePart, Record<DocumentForm, EvidenceScore>>;
  for (const part of PEOPLE_PARTS) {
    const conversations = loadPeopleCorpus(part);
    parts[part] = {
      text: await scoreEvidence(conversations, bm25Retriever('text')),
      speakerAndText: await scoreEvidence(conversations, bm25Retriever('speakerAndText')),
    };
  }
  return {
    benchmark: 'BM25 evidence hit@k on the people-conversation corpus',
    bm25: { k1: 1.2, b: 0.75, tokens: 'lowercased letter/digit runs, no stop words, no stemming' },
    parts,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
