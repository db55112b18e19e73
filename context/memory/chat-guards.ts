/**
 * The guards of the conversation rules (docs/memory.md#conversation; issue 31): what people say but
 * do not mean as a memory — advice and encouragement to the other speaker, pleasantries,
 * acknowledgements ("Yeah, I remember that!"), fragments ("it!", "this moment"), questions, hedges,
 * and reported or forwarded speech (`>` blocks, "she said", quotations) — and the word lists the
 * rules share (content words, openers). English only; the rules are in conversation.ts.
 */
/** Words that carry no content: a rule's object made only of these is a fragment. */
const EMPTY_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the it its it’s it's that this these those them they their theirs he she him his her hers you your yours we us our ours me my " +
    'mine i so such very really too just all some any one ones thing things stuff something anything everything ' +
    'nothing lot lots much more most moment time day today now then there here what how when where why which ' +
    'who whom whose with to of for in on at by from up out about as and or but if is are was were be been being ' +
    'do does did doing done have has had having get got am not no yes yeah oh ok okay well guess kinda sorta ' +
    'back again even also still ever never always way bit little lol lmao haha hahaha omg tbh idk ngl btw like literally honestly'
  ).split(' '),
);

/** The content words of a phrase: letters or digits, not an empty word. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter(
    (w) => !EMPTY_WORDS.has(w) && !EMPTY_WORDS.has(w.replace(/['’]s$/u, '')),
  );
}

/** Interjections and fillers a chat sentence opens with; read past them. */
const LEAD_IN =
  /^(?:(?:oh+|ooh+|yeah+|yea|yes+|yep|yup|ya|wow+|whoa|haha+|hehe+|lol|lmao|hey+|hi+|hello|so|well|omg|ah+|aw+|honestly|actually|btw|also|and|but|plus|anyway|anyways|guess what|you know what|fun fact|update|oh man|man|dude|girl|ugh|hmm+|um+|okay|ok|alright|right|true|totally|haha yeah|wait|then|and then|so then|secret|real talk|confession|funny thing|(?:my |big |some |real |good |bad |quick |small |little )?news|(?:[\p{L}]+\s+)?update|thanks|thank you|thx|ty|nah|nope|meh|welp|yo|random q|random question|quick q|quick question|(?:quick |friendly )?reminder|heads up|fyi|psa|in (?:other|happier|sadder|better|worse|related|unrelated|more|less|bigger|smaller|exciting|fun|good|bad|brighter) news)\b(?:[\s,!.:;–—-]|\p{Extended_Pictographic}|\u{FE0F}|\u{200D})*)+/iu;

/** The sentence without its opening fillers (a verbatim suffix of it). */
export function withoutLeadIn(sentence: string): string {
  return sentence.replace(LEAD_IN, '');
}

/**
 * Acknowledgements, pleasantries, encouragement and advice to the other speaker: said, not meant
 * as anything about the speaker's life. Matched at the start of the sentence (after fillers).
 */
export const NOISE =
  /^(?:thanks|thank you|thx|ty|you'?re welcome|no problem|no worries|np|sure|of course|cool|nice|great|awesome|amazing|wonderful|lovely|perfect|sweet|exactly|absolutely|definitely|totally|agreed|same|me too|so true|sounds (?:good|great|fun|amazing|lovely|like)|that (?:sounds|looks|is|was|'s|’s)|that'?s|it (?:sounds|looks)|what an?|how (?:cool|fun|nice|great|lovely|amazing|exciting|sweet)|good (?:luck|night|morning|job|for you|to hear)|take care|congrat|happy for you|so happy for you|proud of you|i(?:'m| am) (?:so |really |very )?(?:proud|happy|glad|excited|sorry|thrilled|stoked) (?:for|of|to hear|that you|you)|i(?:'m| am) (?:doing |feeling )?(?:so |really |pretty |very )?(?:great|good|well|fine|ok|okay|alright|better|amazing|awesome|not bad)\b|i(?:'m| am) (?:always |here |so )*(?:here|there) (?:for you|to help|if you)|always (?:here|there|happy) (?:for|to)|(?:i )?(?:can'?t|cannot) wait (?:to (?:see|hear)|for you)|i (?:remember|recall|know|see|agree|hear you|get it|get that|understand|feel you|feel that|bet|believe you|believe it|hope|wish you|love that|love it|love this|love how|love your|love you|like that|like it|like your)\b|(?:i )?miss you|love you|bye|see (?:you|ya)|talk (?:soon|later)|ttyl|catch you|have (?:a|fun)|enjoy|keep (?:it up|going|pushing|at it|me posted|up the)|never (?:give up|stop|forget|lose)|don'?t (?:give up|forget|worry|stop|be|let)|remember (?:to|that you)|(?:remember|don'?t forget|do not forget|never forget)\s*[,:;–—-]+\s*(?:you|your|yourself|u|ur|ya)\b|make sure|be sure|be (?:kind|gentle|proud|careful)|try (?:to|not)|hang in|stay (?:strong|positive|safe)|believe in|you(?:'ve| have)? got this|you deserve|let me know|lmk|hope (?:you|it|that|everything)|wishing you|fingers crossed|good idea|great idea|so cool|nice one|well done|way to go|it'?s (?:so |really |always )?(?:great|good|nice|awesome|amazing|important|okay|ok|fine|hard|tough|normal|true|a )|life is|happiness is|friends? (?:like you|are)|family is|nothing (?:is|like)|there'?s nothing(?!\s+(?:quite\s+)?(?:like|better\s+than)\s))/iu;

/** Advice or a remark to the other speaker, however it is typed: "You should…", "u were a nobody", "Your garden…", "ur gonna be fine". Not a memory of the speaker's. */
export const ADVICE =
  /^(?:(?:you|u|ya) (?:should|could|can|got|'ve got|’ve got|deserve|are|r|'re|’re|were|was|did|must|have|will|'ll|need|might|totally|really|always|go|gotta|just)|(?:your|ur)\b)/iu;

/** A line of a forwarded or replied-to block. */
const QUOTED_LINE = /^[ \t]*>/u;

/** The [start, end) ranges of a message's `>`-quoted lines (forwarded or replied-to text). */
export function quotedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (QUOTED_LINE.test(line)) ranges.push([at, at + line.length]);
    at += line.length + 1;
  }
  return ranges;
}

/** A chat log's line that names who said it: "[Fri 18:11] Priya: …", "12/03/24, 18:11 - Tom: …". */
const LOGGED_LINE =
  /^[ \t]*(?:\[[^\]\n]{1,40}\]|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?\s*[-–—]?)[ \t]*[^:\n\]]{1,40}:[ \t]/u;
/** A chat export's header ("jojo 🐝 — Today at 11:44"): the lines under it, to a blank line, are that person's. */
const LOG_HEADER =
  /^[ \t]*[^\n]{1,40}?[ \t]+[—–-][ \t]+(?:Today|Yesterday|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4})(?:[ \t]+at)?[ \t]+\d{1,2}:\d{2}(?:[ \t]*[AaPp][Mm])?[ \t]*$/u;

/** Other people's words inside a message: `>`-quoted lines and pasted chat logs (never the sender's own). */
export function forwardedRanges(text: string): Array<[number, number]> {
  return [...quotedRanges(text), ...transcriptRanges(text)];
}

/**
 * The [start, end) ranges of a message's pasted chat log (a transcript of other people's lines,
 * each with its speaker): forwarded speech, never the sender's own.
 */
export function transcriptRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let at = 0;
  let underHeader = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '') underHeader = false;
    else if (LOG_HEADER.test(line)) underHeader = true;
    if (underHeader || LOGGED_LINE.test(line)) ranges.push([at, at + line.length]);
    at += line.length + 1;
  }
  return ranges;
}

/**
 * Someone else's words: "she said", "my sister told me", "according to", a forwarded header, or a
 * quotation. A memory is what the speaker says of themselves, never what they report.
 */
const SAYING = String.raw`(?:\s+(?:just|also|literally|even|always))?\s+(?:said|says|saying|told|tells|wrote|writes|texted|messaged|emailed|posted|tweeted|claims?|claimed|mentioned|thinks|reckons?|swears|insists|keeps\s+saying)\b(?<!(?:wrote|texted|messaged|emailed)(?=\s+(?:me|us)(?:\s+(?:after|before|during|on|at|this|last|yesterday|today|earlier|back|again|from|twice|once|out\s+of)\b|[\s!.…]*$)))`;
const REPORTED_SPEECH = new RegExp(
  String.raw`\b(?:she|he|they|someone|somebody|everyone|everybody|people|nobody|my\s+[\p{L}'’]+(?:\s+[\p{L}'’]+)?|his\s+[\p{L}'’]+|her\s+[\p{L}'’]+|their\s+[\p{L}'’]+|the\s+[\p{L}'’]+)${SAYING}` +
    String.raw`|\baccording\s+to\b|\b(?:apparently|supposedly|rumou?r\s+(?:is|has\s+it))\b|^\s*["“«]|^(?:fwd?|from|sent|subject|to|date|cc):`,
  'iu',
);
/** A named person's words: "Mom said…", "Jake told me…". */
const NAMED_SAYING = new RegExp(String.raw`(?:^|[^\p{L}])\p{Lu}[\p{L}'’]+${SAYING}`, 'u');

export function isReportedSpeech(sentence: string): boolean {
  return REPORTED_SPEECH.test(sentence) || NAMED_SAYING.test(sentence);
}

/** A reply reported ("she said yes to the concert", "my parents said MAYBE to a dog"): what happened, not their words. */
const SAID_ANSWER = /\b(?:said|says)\s+(?:yes|no|ok|okay|maybe|sure)\b/iu;
/**
 * Reported words about the speaker: the speaker's I, my, we or us within the first few words after
 * the saying verb ("Dr. Ames said my cholesterol…", "he says I can drive again", "Uncle Jim says we
 * can use the pavilion"), not its object ("Jake told me he moved").
 */
const SAID_OF_ME = new RegExp(
  String.raw`${SAYING}(?:\s+(?:me|us)\b)?(?!\s+(?:me|us)\b)(?:\s+(?:that|to))?\s+(?:[\p{L}'’]+\s+){0,3}?(?:I|I'm|I’m|I've|I’ve|I'll|I’ll|my|me|we|we're|we’re|we'll|we’ll|us|our)\b`,
  'iu',
);
/** "apparently" on the speaker's own deed: "did the half in april and apparently decided i hate myself". */
const OWN_APPARENTLY =
  /^(?:(?:yep|yeah|yes|ya|so|and|well)[\s,.!]+)*(?:(?:I|we)\s+)?(?:\p{L}+ed|did|went|got|made|ran)\b.*\b(?:apparently|supposedly)\b/iu;
const NEVER_OWN = /\baccording\s+to\b|^\s*["“«]|^(?:fwd?|from|sent|subject|to|date|cc):/iu;

/**
 * Reported speech the speaker tells of themselves (isReportedSpeech is true of it, but it is the
 * speaker's news): a reply reported (SAID_ANSWER), someone's words about the speaker (SAID_OF_ME),
 * or "apparently" on what the speaker did (OWN_APPARENTLY). Never "according to", a forwarded
 * header or a quotation. Only a whole-message candidate (statement-candidates.ts), which keeps the
 * "she said" in its quote, reads it: no keyed fact ever comes of reported speech.
 */
export function reportsOwn(sentence: string): boolean {
  if (NEVER_OWN.test(sentence) || !isReportedSpeech(sentence)) return false;
  return SAID_ANSWER.test(sentence) || SAID_OF_ME.test(sentence) || OWN_APPARENTLY.test(sentence);
}

/**
 * A statement said with a rising "?" ("I've been really into birdwatching lately?"): a first-person
 * subject and its verb in statement order, nothing asked of the other speaker.
 */
export function isUptalk(sentence: string): boolean {
  const body = withoutLeadIn(sentence).trim();
  return (
    /[?？]\s*$/u.test(body) &&
    !/[?？][^?？]+[?？]+\s*$/u.test(body) &&
    (/^(?:(?:[\p{L}'’]+\s+){0,3}?(?:but|so|and)\s+)?(?:I|we)(?:'ve|’ve|'m|’m|\s+have|\s+am|\s+just|\s+finally|\s+got|\s+(?:really\s+)?[\p{L}]+ed)\b/iu.test(
      body,
    ) ||
      // Its subject left out: "aced orgo somehow??", "finally booked the flights?!".
      /^(?:just\s+|finally\s+|totally\s+|somehow\s+)?(?!(?:need|used|supposed|wanted|tired|bored|scared|excited|worried|interested|confused|surprised)ed?\b)[\p{L}]{2,}ed\s+\S/iu.test(
        body,
      )) &&
    !/\b(?:you|u|ya|your|ur|y'?all|or|right|ok|okay|too|should|could|would|can|will|might)\b/iu.test(body) &&
    !HEDGE.test(body)
  );
}

/** Hedges and hypotheticals: not a statement of what is. */
export const HEDGE =
  /\b(?:if|suppose|supposing|imagine|hypothetically|what if|let'?s say|maybe|perhaps|probably|possibly|might|would|could|should|i think|i guess|i believe|i wonder|not sure|wish i|i wish|unless|kind of want|sort of want)\b/iu;

export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A short first-person event: subject, a past verb, an article and a thing. */
const SHORT_EVENT =
  /^(?:I|we)\s+(?:have|'ve\s+got|’ve\s+got|got)\s+(?:a|an|two|three|\d+)\s+(?:new\s+)?(?:dog|dogs|cat|cats|puppy|puppies|kitten|kittens|baby|bunny|rabbit|boyfriend|girlfriend|husband|wife|fianc[ée]e?)(?:\s+now)?(?:[\s!.…]|\p{Extended_Pictographic}|\u{FE0F})*$|^(?:I|we)(?:'ve|’ve|\s+have|\s+just|\s+finally|\s+officially|\s+also)*\s+(?:got|adopted|bought|rescued|won|passed|finished|started|joined|booked|found)\s+(?:a|an|my|our)\s+(?:new\s+)?(?!(?:one|ones|feeling|question|idea|moment|time|day|blast|thought|point|chance|lot|bit|clue|sec|second|minute|laugh|problem|thing|sense|call|text|message|reply|answer|minute|break|nap)\b)[\p{L}]{3,}[\s!.…]*$|^(?:I|we)(?:'ve|’ve|\s+have|\s+just|\s+finally|\s+officially)*\s+got\s+(?:the|a|an|my|our)\s+(?:new\s+)?(?:job|promotion|raise|offer|part|role|lead|scholarship|grant|apartment|internship|position|contract|spot|visa)\b[\s!.…]*$|^(?:(?:I|we)(?:'ve|’ve|\s+have|'re|’re|\s+are|'m|’m|\s+am)?\s+)?(?:(?:just|finally|officially|recently)\s+)*(?:got|getting)\s+(?:engaged|married|divorced|hired|promoted|baptized)\b[\s!.…]*$/iu;

/** "guess who has a cat now", "guess who's going to Paris": the speaker's news said as a riddle, read as said plainly. */
export function asNews(sentence: string): string {
  return sentence
    .replace(/^guess\s+who(?:['’]s|\s+is)\s+(?=\S+\s+\S)/iu, "I'm ")
    .replace(/^guess\s+who\s+has\s+/iu, 'I have ')
    .replace(/^guess\s+who\s+(?=(?:just\s+|finally\s+)?(?:[\p{L}]+ed|got|won|passed|made)\b)/iu, 'I ');
}

/**
 * Whether a sentence is chatter, not a memory: a question, an acknowledgement, a pleasantry,
 * encouragement, or a fragment (fewer than two content words: "it!", "that!", "this moment").
 * Text in Chinese, Japanese or Korean is left to the rules that read it.
 */
export function isChatNoise(sentence: string): boolean {
  if (MEDIA_PLACEHOLDER.test(sentence)) return true;
  if (CJK.test(sentence)) return false;
  const body = asNews(withoutLeadIn(sentence).trim());
  if (body.length === 0 || /[?？]\s*$/u.test(body)) return true;
  if (NOISE.test(body)) return true;
  // "we got a puppy!!", "I adopted a kitten": one thing, but said as something done.
  if (SHORT_EVENT.test(body)) return false;
  return contentWords(body).length < 2;
}

/**
 * A stand-in for something sent, not words said: a chat export's placeholder ("<Media omitted>",
 * "[photo]", "📷 Photo") or a stage direction ("(sends the drake meme)", "*sends a voice note*").
 */
const MEDIA_PLACEHOLDER =
  /^\s*(?:<\s*(?:media|image|video|audio|sticker|gif|photo|attachment)s?\s+omitted\s*>|\[\s*(?:photo|image|picture|pic|video|sticker|gif|voice (?:note|message)|audio|attachment|file)[^\]\n]{0,40}\]|(?:📷|🎥|🖼️?)\s*(?:photo|image|video)|[(*_]\s*(?:sends?|sent|shares?|posts?|attaches?|forwards?|shows?|reacts?|replies with)\b[^\n]{0,200}[)*_])\s*$/iu;

/**
 * Whether a sentence can go on about a memory the sentence before stated ("…last night. her
 * lasagna."): not chatter or a question, and at least one content word.
 */
export function goesOn(sentence: string): boolean {
  if (CJK.test(sentence)) return true;
  const body = withoutLeadIn(sentence).trim();
  if (body.length === 0 || /[?？]\s*$/u.test(body) || NOISE.test(body) || ADVICE.test(body)) return false;
  return contentWords(body).length >= 1;
}

/** Advice or a remark addressed to the other speaker ("You should…", "Your garden…"). */
export function isAdvice(sentence: string): boolean {
  return ADVICE.test(withoutLeadIn(sentence).trim());
}
/** A word of the speaker's own: I, me, my, we, us, our (and their contractions, typed with or without the apostrophe). */
const FIRST_PERSON_WORD =
  /\b(?:I|I'm|I’m|Im|I'll|I’ll|I've|I’ve|Ive|me|my|mine|we|we're|we’re|we'll|we’ll|us|our)\b/iu;
/** "you"/"u" as the subject of a verb, or "you're"/"ur" before what the other speaker is or does. */
const SECOND_PERSON_SUBJECT =
  /\b(?:you|u|ya)\s+(?:do|did|were|was|are|r|have|had|will|won|got|get|go|went|make|made|look|looked|need|can|could|should|must|know|said|say|\p{L}+ed)\b|\b(?:you're|you’re|youre|ur)\s+(?:a|an|the|so|literally|gonna|going|doing)\b/iu;

/**
 * A sentence about the other speaker with nothing of the speaker's in it ("bro 2 months ago u were
 * a nobody now ur a sub on the college team", "you did amazing today"): it states nothing of the
 * speaker's own.
 */
export function isAboutThem(sentence: string): boolean {
  return SECOND_PERSON_SUBJECT.test(sentence) && !FIRST_PERSON_WORD.test(sentence);
}

/**
 * An instruction to the other speaker with nothing of the speaker's in it ("bring gloves", "do not
 * let Dani name any more cows", "practice talking out loud"): advice said without "you should".
 */
const INSTRUCTION =
  /^(?:do\s+(?!not\b)(?!n['’]?t\b)\S|do not let|don['’]?t let|bring|wear|practi[cs]e|put|try|grab|take|buy|call|tell)\b/iu;
export function isInstruction(sentence: string): boolean {
  const body = withoutLeadIn(sentence).trim();
  return INSTRUCTION.test(body) && !FIRST_PERSON_WORD.test(body);
}

/** A question mentions a fact; it does not state one. */
export const isQuestion = (sentence: string) => /[?？]\s*$/u.test(sentence);

/** A statement that ends asking for the other's opinion ("…, what do you think?") still states it. */
export const TAG_QUESTION =
  /,\s*(?:what do you think|what do u think|thoughts|right|you know|don'?t you think|isn'?t it|haha|lol)\s*\?+\s*$/iu;
