/**
 * "This revises an earlier decision or fact" (issue 30 item 7, docs/recall-and-updates.md#newest-wins),
 * pure: the one rule that says a message *amends* something said before, judged by what it says
 * about itself rather than by how much it resembles the earlier message (two chats about the same
 * function resemble each other whether or not one amends the other: bench/README.md, "episodes,
 * newest wins").
 *
 * A cue is an explicit word of revision — amend…, supersede…, "updates to the retry policy we
 * settled", "scratch that", "correction:", "changed my mind", "change of plans", "actually, let's …
 * instead", "from now on" with a verb of change — or the everyday ways people say a plan moved:
 * "the surgery got moved", "Solstice moved the shoot to Cabo", "we had to move Lisbon", "the
 * transfer fell through". The weak words the update policy reads as a change of mind (`now`,
 * `instead`, `no longer`, `replace`, `revisit`: context/memory/update.ts CHANGE_MARKER) are common in
 * talk that revises nothing and never count alone here.
 */

import { NOT_THIRD_PARTY, THIRD_PARTY_CHANGE, THIRD_PARTY_TARGET } from './conversation-patterns.js';

/** Words that say so: amend/amended/amendment, supersede/superseding. */
const EXPLICIT = /\b(?:amend(?:s|ed|ing|ments?)?|supersed(?:e|es|ed|ing))\b/iu;

/** "(two) updates to the retry policy we settled", "a change to the rule you agreed". */
const TO_SETTLED =
  /\b(?:updates?|changes?|corrections?|revisions?|tweaks?)\s+to\s+(?:the|our|my|that|this|your)\s+(?:[\p{L}\p{N}_'’-]+\s+){0,5}?(?:(?:that|which)\s+)?(?:we|you|I|they)(?:'d|’d|'ve|’ve|\s+had|\s+have)?\s+(?:(?:just|already|all)\s+)?(?:settled|decided|agreed|chose|picked|landed|set|made)\b/iu;

/** A speaker correcting themselves or calling off a plan. */
const SELF_CORRECTION =
  /\bscratch\s+(?:that|the\s+[\p{L}]+)\b|\bcorrection\s*:|\b(?:I|we)(?:'ve|’ve|\s+have)?\s+changed\s+(?:my|our)\s+minds?\b|\bchange\s+of\s+plans?\b|\bplans?\s+(?:have\s+|has\s+)?changed\b|\bfell\s+through\b/iu;

/** "actually, let's use tabs instead". */
const ACTUALLY_INSTEAD = /\bactually,?\s+let['’]?s\b[^.!?]{0,100}?\binstead\b/iu;

/**
 * "from now on" / "going forward" in a sentence with a verb of change (not one of the weak words:
 * "going forward, use X instead of Y" is said of plans that revise nothing as often as of ones that do).
 */
const FROM_NOW_ON = /\b(?:from\s+now\s+on|going\s+forward)\b/iu;
const CHANGE_VERB =
  /\b(?:chang(?:e|es|ed|ing)|switch(?:es|ed|ing)?|stop(?:s|ped|ping)?|drop(?:s|ped|ping)?)\b/iu;

/**
 * A plan that moved: "the surgery got moved", "was postponed", "we had to move Lisbon", "I switched
 * my major to…" (and someone else moving it: the extractor's own `THIRD_PARTY_CHANGE`, below).
 * Code talk says "was moved to utils", "moved the `ABC` import to", "changed it to": a bare
 * passive "was moved", an object in code marks or `it` do not count.
 */
const PLAN_MOVED = new RegExp(
  [
    String.raw`\b(?:got|gets|getting)\s+(?:moved|pushed|postponed|rescheduled|bumped|delayed|cancell?ed|called\s+off)\b`,
    String.raw`\b(?:was|were|been|is\s+being|are\s+being)\s+(?:postponed|rescheduled|called\s+off|pushed\s+back)\b`,
    String.raw`\b(?:had\s+to|have\s+to|needed\s+to)\s+(?:move|push|postpone|reschedule|cancel|bump)\s+(?:the\s+|our\s+|my\s+)?[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?(?=[\s.,;!?]|$)`,
    String.raw`\b(?:switched|changed)\s+(?:my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+to\b`,
    String.raw`\b(?:moving|pushing|switching)\s+(?:it|the\s+[\p{L}]+|our\s+[\p{L}]+)\s+to\b[^.!?]{0,80}?\binstead\b`,
  ].join('|'),
  'iu',
);

/** The sentences of a text (enough for "in the same sentence"). */
const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+/u);

/**
 * Someone moved a plan to a time or place ("Solstice moved the shoot to Cabo", "Paper Moons pushed
 * their tour to September"): the extractor's rule for a third party's plan change
 * (context/memory/conversation-patterns.ts), one sentence at a time, as the extractor reads it,
 * after an opener ("ok so", "by the way,").
 */
const OPENER =
  /^(?:(?:ok(?:ay)?|so|well|also|anyway|oh|and|but|btw|by\s+the\s+way|heads\s+up|news|update)[,!:.]?\s+)+/iu;

function thirdPartyMoved(sentence: string): boolean {
  const m = THIRD_PARTY_CHANGE.exec(sentence.trim().replace(OPENER, ''));
  return (
    m !== null && !NOT_THIRD_PARTY.test(m.groups!.who!) && THIRD_PARTY_TARGET.test(m.groups!.target!.trim())
  );
}

/**
 * Whether `text` says it revises something said before (the rule above). The update policy's
 * change-of-mind markers (context/memory/update.ts CHANGE_MARKER: "now", "instead", "no longer"…)
 * are not reused: they decide between two statements already known to be about one subject, and
 * alone they are as common in chats that revise nothing (21 of sde-bench's 140 decoys say "instead of").
 */
export function revisionCue(text: string): boolean {
  if (
    EXPLICIT.test(text) ||
    TO_SETTLED.test(text) ||
    SELF_CORRECTION.test(text) ||
    ACTUALLY_INSTEAD.test(text) ||
    PLAN_MOVED.test(text)
  )
    return true;
  const parts = sentences(text);
  if (parts.some(thirdPartyMoved)) return true;
  return FROM_NOW_ON.test(text) && parts.some((s) => FROM_NOW_ON.test(s) && CHANGE_VERB.test(s));
}
