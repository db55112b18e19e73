/**
 * What a chat sentence says the speaker likes, feels or is (docs/memory.md#conversation; issue
 * 31): the first rules of sentenceFinding's ordered chain (sentence-finding.ts). English only.
 */
import { contentWords } from './chat-guards.js';
import {
  AT_REGULARLY,
  FAVOURITE,
  FEELING,
  GOOD_FEELINGS,
  HABIT,
  HAPPY_PLACE,
  IDENTITY,
  INTO,
  KIN,
  LIKING,
  LIKING_INSIDE,
  LIKING_SAID,
  objectOk,
  STATE,
} from './conversation-patterns.js';
import type { ConversationFinding } from './sentence-finding.js';

/** A person of the speaker's as a subject: "my mom", "our neighbor". */
const KIN_SUBJECT = new RegExp(String.raw`^(?:my|our|his|her|their)\s+(?:${KIN})\b`, 'iu');

/**
 * The first rules of the chain (sentence-finding.ts): a preference said as a liking or a feeling
 * ("The roses and dahlias bring me peace", "I'm obsessed with this new sourdough recipe"), who
 * the speaker is and what they do regularly. `false` when the sentence states nothing and the
 * chain stops there ("I hate when that happens"); null when none of these rules matched.
 */
export function likingFinding(s: string): ConversationFinding | false | null {
  let m: RegExpExecArray | null = FAVOURITE.exec(s);
  if (m && objectOk(m.groups!.rest)) return { type: 'preference', kind: 'preference', priority: 3 };
  m = FEELING.exec(s);
  if (
    m &&
    GOOD_FEELINGS.test(m.groups!.feeling!) &&
    objectOk(m.groups!.subject) &&
    contentWords(m.groups!.subject!).length > 0
  )
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = HAPPY_PLACE.exec(s);
  if (m && objectOk(m.groups!.subject)) return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIKING_SAID.exec(s);
  if (m) {
    const what = Object.values(m.groups!).find((v) => v !== undefined) ?? '';
    // "I hate when that happens": a moment, not a thing liked or hated ("I hate when people chew loudly" is one).
    if (/^\s*(?:when|whenever|if)\s+(?:that|it|this|you|u|he|she|they)\b/iu.test(what)) return false;
    // "X is the best": a liking when X is a thing done or had ("rainy days with a good book"), not
    // a person praised ("my mom is the best", "my band is the best").
    const best = m.groups!.l !== undefined;
    if (objectOk(what) && contentWords(what).length >= (best ? 2 : 1) && !(best && KIN_SUBJECT.test(what)))
      return { type: 'preference', kind: 'preference', priority: 3 };
  }
  m = LIKING.exec(s) ?? INTO.exec(s);
  // "I'm obsessed with this new sourdough recipe": a new thing, not a pronoun.
  if (
    m &&
    // "I prefer not to talk about it": a wish of the moment.
    !/^\s*(?:not|to\s+not)\b/iu.test(m.groups!.rest!) &&
    // "… with this podcast about shipwrecks": "this" and what it is, not "this" alone.
    objectOk(
      m.groups!.rest!.replace(
        contentWords(m.groups!.rest!).length >= 2
          ? /^\s*(?:this|these)\s+/iu
          : /^\s*(?:this|these)\s+(?=new\s)/iu,
        '',
      ),
    ) &&
    contentWords(m.groups!.rest!).length >= 1
  )
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIKING_INSIDE.exec(s);
  if (m && objectOk(m.groups!.rest) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = IDENTITY.exec(s);
  if (m || STATE.test(s)) return { type: 'profile', kind: 'profile', priority: 3 };
  if (AT_REGULARLY.test(s)) return { type: 'profile', kind: 'profile', priority: 3 };
  m = HABIT.exec(s);
  if (
    m &&
    objectOk(m.groups!.rest) &&
    (contentWords(m.groups!.rest!).length >= 2 || /\p{Lu}|\p{N}/u.test(m.groups!.rest!))
  )
    return { type: 'profile', kind: 'profile', priority: 3 };
  return null;
}
