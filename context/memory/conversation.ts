/**
 * What people say about themselves in conversation (docs/memory.md#conversation; issue 31): the
 * offline rules for events, plans, preferences said as likings or feelings, relationships and
 * shared activities, and answers that span two turns — and the guards that keep out what people
 * say but do not mean as a memory: advice and encouragement to the other speaker, pleasantries,
 * acknowledgements ("Yeah, I remember that!"), fragments ("it!", "this moment"), questions, and
 * reported or forwarded speech (`>` blocks, "she said", quotations). English only.
 *
 * Precision first: every rule needs a first-person subject ("I", "we", "my mom and I", or a
 * sentence that opens with a past verb: "Started hitting the gym last week") and an object with
 * at least one content word that is not a pronoun. A sentence one of the older rules matched
 * (extractive.ts) is not read here.
 */
import type { MemoryType } from './types.js';

/** Words that carry no content: a rule's object made only of these is a fragment. */
const EMPTY_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the it its it’s it's that this these those them they he she him her you your yours we us our me my " +
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
  /^(?:(?:oh+|ooh+|yeah+|yea|yes+|yep|yup|ya|wow+|whoa|haha+|hehe+|lol|lmao|hey+|hi+|hello|so|well|omg|ah+|aw+|honestly|actually|btw|also|and|but|plus|anyway|anyways|guess what|you know what|fun fact|update|oh man|man|dude|girl|ugh|hmm+|um+|okay|ok|alright|right|true|totally|haha yeah|wait|then|and then|so then|secret|real talk|confession|funny thing|(?:my |big |some |real |good |bad |quick |small |little )?news|(?:[\p{L}]+\s+)?update|thanks|thank you|thx|ty)\b(?:[\s,!.:;–—-]|\p{Extended_Pictographic}|\u{FE0F}|\u{200D})*)+/iu;

/** The sentence without its opening fillers (a verbatim suffix of it). */
export function withoutLeadIn(sentence: string): string {
  return sentence.replace(LEAD_IN, '');
}

/**
 * Acknowledgements, pleasantries, encouragement and advice to the other speaker: said, not meant
 * as anything about the speaker's life. Matched at the start of the sentence (after fillers).
 */
const NOISE =
  /^(?:thanks|thank you|thx|ty|you'?re welcome|no problem|no worries|np|sure|of course|cool|nice|great|awesome|amazing|wonderful|lovely|perfect|sweet|exactly|absolutely|definitely|totally|agreed|same|me too|so true|sounds (?:good|great|fun|amazing|lovely|like)|that (?:sounds|looks|is|was|'s|’s)|that'?s|it (?:sounds|looks)|what an?|how (?:cool|fun|nice|great|lovely|amazing|exciting|sweet)|good (?:luck|night|morning|job|for you|to hear)|take care|congrat|happy for you|so happy for you|proud of you|i(?:'m| am) (?:so |really |very )?(?:proud|happy|glad|excited|sorry|thrilled|stoked) (?:for|of|to hear|that you|you)|i(?:'m| am) (?:doing |feeling )?(?:so |really |pretty |very )?(?:great|good|well|fine|ok|okay|alright|better|amazing|awesome|not bad)\b|i(?:'m| am) (?:always |here |so )*(?:here|there) (?:for you|to help|if you)|always (?:here|there|happy) (?:for|to)|(?:i )?(?:can'?t|cannot) wait (?:to (?:see|hear)|for you)|i (?:remember|recall|know|see|agree|hear you|get it|get that|understand|feel you|feel that|bet|believe you|believe it|hope|wish you|love that|love it|love this|love how|love your|love you|like that|like it|like your)\b|(?:i )?miss you|love you|bye|see (?:you|ya)|talk (?:soon|later)|ttyl|catch you|have (?:a|fun)|enjoy|keep (?:it up|going|pushing|at it|me posted|up the)|never (?:give up|stop|forget|lose)|don'?t (?:give up|forget|worry|stop|be|let)|remember (?:to|that you)|make sure|be sure|be (?:kind|gentle|proud|careful)|try (?:to|not)|hang in|stay (?:strong|positive|safe)|believe in|you(?:'ve| have)? got this|you deserve|let me know|lmk|hope (?:you|it|that|everything)|wishing you|fingers crossed|good idea|great idea|so cool|nice one|well done|way to go|it'?s (?:so |really |always )?(?:great|good|nice|awesome|amazing|important|okay|ok|fine|hard|tough|normal|true|a )|life is|happiness is|friends? (?:like you|are)|family is|nothing (?:is|like)|there'?s nothing)/iu;

/** Advice to the other speaker: "You should…", "Your garden…". Not a memory of the speaker's. */
const ADVICE =
  /^(?:you (?:should|could|can|got|'ve got|’ve got|deserve|are|'re|’re|were|did|must|have|will|'ll|need|might|totally|really|always|go|gotta|just)|your\b)/iu;

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

/**
 * Someone else's words: "she said", "my sister told me", "according to", a forwarded header, or a
 * quotation. A memory is what the speaker says of themselves, never what they report.
 */
const SAYING = String.raw`(?:\s+(?:just|also|literally|even|always))?\s+(?:said|says|saying|told|tells|wrote|writes|texted|messaged|emailed|posted|tweeted|claims?|claimed|mentioned|thinks|reckons?|swears|insists|keeps\s+saying)\b`;
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

/** Hedges and hypotheticals: not a statement of what is. */
const HEDGE =
  /\b(?:if|suppose|supposing|imagine|hypothetically|what if|let'?s say|maybe|perhaps|probably|possibly|might|would|could|should|i think|i guess|i believe|i wonder|not sure|wish i|i wish|unless|kind of want|sort of want)\b/iu;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A short first-person event: subject, a past verb, an article and a thing. */
const SHORT_EVENT =
  /^(?:I|we)(?:'ve|’ve|\s+have|\s+just|\s+finally|\s+officially|\s+also)*\s+(?:got|adopted|bought|rescued|won|passed|finished|started|joined|booked|found)\s+(?:a|an|my|our)\s+(?:new\s+)?(?!(?:one|ones|feeling|question|idea|moment|time|day|blast|thought|point|chance|lot|bit|clue|sec|second|minute|laugh|problem|thing|sense|call|text|message|reply|answer|minute|break|nap)\b)[\p{L}]{3,}[\s!.…]*$/iu;

/**
 * Whether a sentence is chatter, not a memory: a question, an acknowledgement, a pleasantry,
 * encouragement, or a fragment (fewer than two content words: "it!", "that!", "this moment").
 * Text in Chinese, Japanese or Korean is left to the rules that read it.
 */
export function isChatNoise(sentence: string): boolean {
  if (CJK.test(sentence)) return false;
  const body = withoutLeadIn(sentence).trim();
  if (body.length === 0 || /[?？]\s*$/u.test(body)) return true;
  if (NOISE.test(body)) return true;
  // "we got a puppy!!", "I adopted a kitten": one thing, but said as something done.
  if (SHORT_EVENT.test(body)) return false;
  return contentWords(body).length < 2;
}

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

/** A first-person subject: I, we, "my mom and I", "me and Tom", "Jen and I". */
const FIRST_PERSON = String.raw`(?:I|i|We|we|[Mm]e and (?:my\s+)?[\p{L}'’]+|[Mm]y\s+[\p{L}'’]+(?:\s+[\p{L}'’]+)?\s+and\s+I|\p{Lu}[\p{L}'’]+\s+and\s+I|[Mm]y\s+[\p{L}'’]+\s+and\s+me)`;
const ADVERBS = String.raw`(?:\s+(?:just|finally|recently|already|actually|also|really|totally|officially|even|then|eventually|both|all|together|kinda|literally|first|once|only|last\s+\w+|this\s+\w+|yesterday|today))*`;

/** Past verbs of events (irregular and common ones; other "-ed" verbs are read by shape). */
const PAST_VERBS =
  'went|started|finished|adopted|joined|signed|took|got|bought|moved|visited|made|ran|completed|won|graduated|' +
  'began|met|saw|tried|learned|learnt|built|painted|baked|cooked|planted|volunteered|attended|hiked|traveled|' +
  'travelled|launched|quit|lost|passed|celebrated|opened|wrote|read|watched|played|found|picked|booked|rescued|' +
  'married|received|landed|did|had|hit|taught|created|organized|organised|hosted|gave|sold|spent|climbed|swam|' +
  'biked|returned|left|switched|fostered|welcomed|enrolled|applied|interviewed|earned|raised|donated|drove|flew|' +
  'rode|sang|danced|drew|knitted|sewed|fixed|grew|caught|ate|had|threw|held|brought|bought|chose|became|' +
  'came|set|put|kept|took|won|beat|broke|fell|felt|heard|paid|sent|spoke|stood|taught|told|understood|wore|' +
  'camped|completed|designed|launched|published|recorded|released|shot|filmed|renovated|redid|repainted|upgraded|' +
  'decorated|hiked|explored|toured|ran|finished|signed|adopted';
/** "-ed" words that are not events. */
const NOT_EVENTS =
  /^(?:need|needed|feed|bleed|seed|speed|proceed|exceed|wanted|wished|hoped|guessed|supposed|used|meant|imagined|assumed|figured|wondered|worried|agreed|believed|realized|realised|loved|liked|hated|enjoyed|missed|tired|excited|bored|scared|stressed|interested|relieved|amazed|surprised|pleased|blessed|obsessed|said|told|heard|felt|thought|knew|forgot|remembered|noticed|expected|decided|planned|stopped)$/iu;

export interface ConversationFinding {
  type: MemoryType;
  kind: 'event' | 'plan' | 'preference' | 'relationship' | 'profile';
  priority: number;
}

/** First-person events: "I went to Woodhaven", "My mom and I made dinner", "Started hitting the gym last week". */
const WHEN_PREFIX = String.raw`(?:(?:yesterday|today|tonight|earlier|last\s+[\p{L}]+|this\s+(?:morning|afternoon|evening|week|weekend|month|year)|on\s+[\p{L}]+|over\s+the\s+weekend)[,\s]+)?`;
const EVENT = new RegExp(
  String.raw`^${WHEN_PREFIX}${FIRST_PERSON}(?:(?:'ve|’ve|\s+have|\s+had)\s+)?${ADVERBS}\s+(?<verb>[\p{L}]+)\b(?<rest>.*)$`,
  'u',
);
const SUBJECTLESS_EVENT = new RegExp(
  String.raw`^(?:[Jj]ust\s+|[Ff]inally\s+|[Rr]ecently\s+|[Aa]lso\s+)?(?<verb>${PAST_VERBS.split('|')
    .map((v) => `[${v[0]!.toUpperCase()}${v[0]}]${v.slice(1)}`)
    .join('|')})\b(?<rest>.*)$`,
  'u',
);
const PAST_VERB_SET: ReadonlySet<string> = new Set(PAST_VERBS.split('|'));
/** Ongoing: "I've been volunteering", "I'm training for a marathon", "We're renovating the kitchen". */
const ONGOING = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'ve been|’ve been|\s+have been|'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:now|currently|still|finally|really|actually|also|just))*\s+(?<verb>[\p{L}]+ing)\b(?<rest>.*)$`,
  'u',
);
const NOT_ONGOING =
  /^(?:gonna|shaking|crying|laughing|screaming|losing|thinking|feeling|doing|kidding|joking|guessing|saying|telling|wondering|hoping|trying|looking|getting|having|being|talking|asking|wishing|loving|starting|planning|sending|rooting|dying|freaking|counting|waiting)$/iu;
/** Where the speaker now is: "we're finally in the new place on Alder St", "I'm back in Austin". */
const SETTLED = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:finally|now|officially|all|back|still|fully))*\s+(?:in|into|living in|settled in|moved in(?:to)?|based in)\s+(?<rest>.+)$`,
  'u',
);
const SETTLED_PLACE = /\p{Lu}|\bnew\s+(?:place|apartment|flat|house|home|condo|office|city|town)\b/u;

/** Plans and intentions: "We're doing the shoot in Miami", "I'm going to run a half marathon", "I plan to…". */
const PLAN = new RegExp(
  String.raw`^(?:(?:next|this|on)\s+[\p{L}]+,?\s+)?${FIRST_PERSON}(?:'m|’m|\s+am|'re|’re|\s+are|'ll|’ll|\s+will|\s+plan|\s+want|\s+intend|\s+hope|\s+are\s+planning)?(?:\s+(?:really|also|finally|totally|definitely|actually|still|now|so))*\s+(?<how>going to|gonna|planning(?: to| on)?|hoping to|about to|looking forward to|excited to|to|thinking (?:about|of) [\p{L}]+ing|doing|having|heading|flying|driving|moving|starting|taking|getting|throwing|hosting|visiting|signing up|booking|applying|launching|adopting|joining|travel(?:l)?ing|go(?:ing)? (?:to|on|back)|be (?:starting|moving|going|doing|joining|taking)|start|go|take|try|join|visit|move|adopt|sign up|run|learn|finish|get|book|apply|travel|build|open|launch|host|throw|do)\b(?<rest>.*)$`,
  'u',
);
/** Intentions with any verb: "I'll handle the cake", "We're gonna paint the nursery", "I want to learn Spanish". */
const PLAN_WILL = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'ll|’ll|\s+will|(?:'m|’m|\s+am|'re|’re|\s+are)\s+(?:going\s+to|gonna)|\s+(?:plan|want|intend|hope)\s+to|(?:'ve|’ve|\s+have)?\s+decided\s+to)(?:\s+(?:really|also|finally|totally|definitely|actually|still|now|so|probably|just|def))*\s+(?<rest>[\p{L}]+\b.*)$`,
  'u',
);
/** Plans that are pleasantries: "I'll let you know", "I'm going to miss you". */
const NOT_PLAN =
  /^(?:(?:let|tell|text|call|send|show|get back to|keep|check|see|think|talk|remember|be there|try my best|miss|hug|ask|pray|cheer|need|try|come|bring|save)\b|(?:you|it|that|this|them)\b)/iu;

/** Whether a plan's object says what is planned: "be" alone ("I'll be a mean interviewer") needs a name, a number or an -ing verb. */
const planObjectOk = (rest: string): boolean => {
  const body = rest.trim();
  if (NOT_PLAN.test(body)) return false;
  const be = /^be\s+(.*)$/iu.exec(body);
  return !be || /^[\p{L}]+ing\b/u.test(be[1]!) || /\p{Lu}|\p{N}/u.test(be[1]!);
};
/** A liking inside a sentence: "…reminded me how much I love Mom's garden in spring". */
const LIKING_INSIDE =
  /\b[Ii]\s+(?:really\s+|absolutely\s+|just\s+|truly\s+|still\s+)?(?:love|adore)\s+(?<rest>.+)$/u;
/** Likings and dislikes said otherwise: "nothing beats a cold brew", "I'm a sucker for old horror movies", "I hate running in the cold". */
const LIKING_SAID =
  /^(?:nothing\s+beats\s+(?<a>.+)|I(?:'m|’m|\s+am)\s+(?:such\s+|a\s+total\s+|a\s+)?(?:sucker|softie)\s+for\s+(?<b>.+)|(?:I\s+)?can(?:'|’)?t\s+get\s+enough\s+of\s+(?<c>.+)|I\s+could\s+(?:eat|watch|listen\s+to|live\s+on|drink|read)\s+(?<d>.+?)\s+every\s+(?:day|night|week)\b.*|(?<e>.{3,60}?)\s+(?:is|are)\s+the\s+best\s+part\s+of\s+my\s+(?:day|week|morning|year|life)\b.*|I(?:\s+(?:really|absolutely|honestly|just|kinda|still))?\s+(?:hate|can(?:'|’)?t\s+stand|dislike|despise)\s+(?<f>.+)|I(?:'m|’m|\s+am)\s+(?:really\s+|just\s+)?not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|big\s+on)\s+(?<g>.+)|I(?:'ve|’ve|\s+have)\s+always\s+(?:loved|liked|enjoyed|adored)\s+(?<h>.+))$/iu;

/** Likings: "I love hiking in the fall", "I'm really into pottery", "I'm a huge fan of jazz". */
const LIKING =
  /^I(?:\s+(?:really|absolutely|just|totally|truly|honestly|also|so|still|do|especially))*\s+(?<verb>love|adore|enjoy|like|prefer|dig|appreciate)\s+(?<rest>.+)$/iu;
const INTO =
  /^I(?:'m|’m|\s+am)(?:\s+(?:really|so|totally|super|also|just|kind of|kinda|pretty))*\s+(?:into|passionate about|obsessed with|crazy about|a (?:big |huge |massive )?fan of|hooked on|addicted to)\s+(?<rest>.+)$/iu;
/** Feelings: "The roses and dahlias bring me peace", "Painting keeps me sane", "X is my happy place". */
const FEELING =
  /^(?<subject>.{3,80}?)\s+(?:always\s+|really\s+|just\s+|truly\s+|honestly\s+)?(?:(?:is|are|has been|have been)\s+(?:keeping|making|bringing|giving|helping)|bring|brings|brought|give|gives|make|makes|keep|keeps|help|helps|calm|calms|relax|relaxes|fill|fills|put|puts)\s+me\s+(?:so\s+much\s+|so\s+many\s+|so\s+|such\s+(?:a\s+)?|much\s+|lots\s+of\s+|feel\s+(?:so\s+)?(?:at\s+|like\s+)?|at\s+|with\s+|a\s+(?:lot\s+of\s+|sense\s+of\s+|ton\s+of\s+)?)?(?<feeling>[\p{L}]+)/iu;
const GOOD_FEELINGS =
  /^(?:peace|peaceful|joy|joyful|happy|happiness|calm|comfort|ease|relaxed|relax|down|sane|grounded|alive|energized|energised|energy|smile|calmer|happier|hope|inspired|inspiration|motivated|content|centered|centred|present|focused|free|whole|good|great|better|balance|balanced|purpose|clarity|warm|cozy|safe|home|myself|me|human|young|normal)$/iu;
const HAPPY_PLACE =
  /^(?<subject>.{3,80}?)\s+(?:is|are|has been|have been)\s+(?:always\s+|really\s+|kind of\s+)?(?:my|our)\s+(?:happy place|favou?rite(?:\s+[\p{L}]+){0,3}|fave(?:\s+[\p{L}]+){0,3}|therapy|escape|safe place|go-to|comfort(?:\s+[\p{L}]+)?|passion|thing|jam|love)\b/iu;
const FAVOURITE =
  /^(?:My|my|Our|our)\s+(?:all-time\s+)?(?:favou?rite|fave)\s+(?<what>[\p{L} -]{2,40}?)\s+(?:is|are|was|has to be)\s+(?<rest>.+)$/u;
/** What happened to something of the speaker's: "my surgery got moved", "our flight was cancelled". */
const MINE_CHANGED =
  /^(?:my|our)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:got|was|were|has been|have been|is|are)\s+(?:just\s+|finally\s+|officially\s+)?(?:moved|postponed|rescheduled|cancell?ed|pushed|scheduled|booked|approved|accepted|confirmed|delayed|sold|fixed|renewed|promoted|hired)\b/iu;
/** Someone did something to the speaker or theirs: "The surgeon finally scheduled my knee replacement". */
const DONE_TO_ME =
  /^(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+(?:just\s+|finally\s+|officially\s+)?(?:(?:scheduled|booked|approved|accepted|hired|promoted|cancell?ed|moved|rescheduled|postponed|offered|signed|picked|chose)\s+(?:my|our|me|us)\b|(?:fired\s+(?:me|us)|let\s+(?:me|us)\s+go|laid\s+(?:me|us)\s+off)\b)/iu;
/** A time ahead: "next weekend", "this fall", "tomorrow", "in May", "on Friday". */
const AHEAD =
  /\b(?:next\s+(?:week|weekend|month|year|time|spring|summer|fall|autumn|winter|semester|season|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:weekend|week|month|year|fall|autumn|spring|summer|winter|friday|saturday|sunday|monday|tuesday|wednesday|thursday)|tomorrow|tonight|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|the\s+(?:fall|spring|summer|winter)|\d+\s+(?:days|weeks|months)|a\s+(?:few\s+)?(?:days|weeks|months))|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on\s+the\s+\d{1,2}(?:st|nd|rd|th))\b/iu;
/** A plan said from its verb: "Meeting my birth mom next weekend", "gonna repaint the nursery this weekend". */
const ING_AHEAD = /^(?:gonna\s+(?<base>[\p{L}]+)|(?<verb>[\p{L}]+ing))\b(?<rest>.*)$/iu;
/** Ongoing, its subject left out: "been learning guitar since January". */
const BEEN_ING = /^been\s+(?<verb>[\p{L}]+ing)\b(?<rest>.*)$/iu;
/** "the plan is to drive up to Tahoe". */
const THE_PLAN = /^(?:the|my|our)\s+plan\s+is\s+(?:to\s+)?(?<rest>.+)$/iu;
/** Done with something: "I'm done with my chemo as of last week". */
const DONE_WITH = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:officially|finally|all|totally))*\s+(?:done|finished|through)\s+with\s+(?<rest>.+)$`,
  'u',
);

/** Plans without a subject: "launching the collection March 1", "flying out Friday". */
const SUBJECTLESS_PLAN =
  /^(?:launching|starting|moving|flying|heading|leaving|visiting|driving|opening|closing|thinking\s+(?:about|of)\s+[\p{L}]+ing)\s+(?<rest>.+)$/iu;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WEEKDAYS =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun';
/** When a thing of the speaker's is: "UCSF is August 7", "the wedding's on the 21st", "graduation is next Friday". */
const SCHEDULED = new RegExp(
  String.raw`^(?:(?:my|our|the)\s+)?(?<subject>[\p{L}\p{N}'’&-]+(?:\s+[\p{L}\p{N}'’&-]+){0,5}?)\s*(?:\s+is|'s|’s|\s+are|\s+was|\s+were|\s+got\s+moved\s+to|\s+(?:is|was)\s+(?:moved|pushed|changed|set)\s+to)\s+(?:now\s+|still\s+|officially\s+)?(?:on\s+|in\s+|at\s+|for\s+)?(?:the\s+)?(?:(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+(?:${MONTHS}))?\b|(?:${MONTHS})\b|(?:next|this)\s+(?:week(?:end)?|month|year|${WEEKDAYS})\b|(?:${WEEKDAYS})\b|tomorrow\b|in\s+(?:two|three|four|a\s+few|\d+)\s+(?:days|weeks|months)\b)`,
  'iu',
);
/** Subjects that are not a thing of the speaker's ("today is Monday", "that's next week"). */
const NOT_SCHEDULED =
  /^(?:it|that|this|there|here|today|tonight|tomorrow|yesterday|now|what|which|who|when|where|everything|nothing|something|he|she|they|you|mine|yours|the\s+(?:day|date|weather))$/iu;
/** An appointment of the speaker's: "the band has a show on the 21st", "I have an interview Monday". */
const ENGAGEMENT =
  /^(?:I|We|(?:my|our|the)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?|\p{Lu}[\p{L}'’-]+)(?:\s+(?:also|finally|just|actually|officially))?(?:\s+(?:has|have|had)|'ve\s+got|’ve\s+got|\s+got)\s+(?:a|an|my|our|the|another|two|three|\d+|some)\s+(?:[\p{L}-]+\s+){0,2}(?:show|gig|concert|game|match|race|interview|wedding|party|recital|exam|test|final|appointment|surgery|trip|meeting|tournament|audition|presentation|shoot|tryouts?|conference|deadline|launch|opening|reunion|shower|ceremony|graduation|performance|premiere|marathon|half|10k|5k|showcase|open\s+house|closing|checkup|check-up|ultrasound|scan|hearing|court\s+date|flight|fundraiser|fair|market|signing|reading)s?\b/iu;

/** Relationships: "I have a dog named Luna", "My sister is a nurse", "My mom just turned 60". */
const HAVE =
  /^(?:I|We)(?:'ve|’ve|\s+have|\s+got|\s+have got)\s+(?<rest>(?:a|an|two|three|four|five|\d+)\s+(?:\w+\s+){0,2}(?:dogs?|cats?|pups?|puppy|puppies|kitten|kittens|kids?|children|sons?|daughters?|sisters?|brothers?|siblings?|twins|husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|grandkids?|horse|horses|bird|birds|fish|rabbit|bunny|hamster|parrot|turtle|garden|house|car|bike|boat|band|business|shop|bakery|studio|podcast|blog|channel|youtube channel)\b.*)$/iu;
const KIN =
  'mom|mum|mother|dad|father|parents|sister|brother|sis|bro|husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|son|daughter|kids|children|baby|grandma|grandmother|grandpa|grandfather|grandparents|aunt|uncle|cousin|niece|nephew|best friend|bff|roommate|boss|coworker|colleague|manager|teacher|coach|therapist|doctor|landlord|neighbou?r|bestie|friend|team|dog|cat|puppy|kitten|pup|rabbit|bunny';
const RELATION = new RegExp(
  String.raw`^(?:My|my|Our|our)\s+(?:(?:little|big|older|younger|oldest|youngest|twin|new|old|baby)\s+)?(?:${KIN})(?:\s+\p{Lu}[\p{L}'’-]+)?(?:\s+(?:from|at)(?:\s+[\p{L}'’-]+){1,3}?)?(?:\s+and\s+(?:her|his|their|my)\s+[\p{L}'’]+)?\s+(?:is|are|was|were|just|finally|recently|got|started|starts|loves|has|had|turned|works|lives|moved|passed|graduated|joined|won|made|came|visited|adopted|bought|took|retired|retires|left|quit|arrived|arrives|visits|gets|died|broke|found|finished|finishes|surprised|taught|gave|sent|showed|helped|proposed|planned|booked|cooked|baked|drove)\b(?<rest>.*)$`,
  'u',
);
/** Who the speaker is: "I'm a nurse", "I work as a barista", "I grew up in Ohio", "I'm 34". */
const IDENTITY =
  /^I(?:'m|’m|\s+am)\s+(?:now\s+|currently\s+|still\s+)?(?:a|an)\s+(?<rest>(?:[\p{L}-]+\s+){0,2}(?:nurse|teacher|engineer|developer|designer|student|doctor|artist|painter|writer|musician|photographer|chef|baker|mom|mother|dad|father|lawyer|accountant|counselor|counsellor|therapist|athlete|runner|coach|volunteer|veteran|vegetarian|vegan|barista|firefighter|pilot|scientist|researcher|freelancer|entrepreneur|manager|consultant|architect|carpenter|mechanic|electrician|dancer|singer|actor|actress|player|gamer|programmer|intern|retiree|grandma|grandpa|single mom|single dad|introvert|extrovert|morning person|night owl)\b.*)$|^I\s+(?:work|worked)\s+as\s+(?:a|an)\s+(?<work>.+)$|^I\s+(?:grew up|was born|was raised)\s+in\s+(?<place>.+)$|^I(?:'m|’m|\s+am)\s+(?:officially|now|finally)\s+(?:a|an)\s+(?<became>[\p{L}-]{4,}(?:\s+[\p{L}-]+){0,2})$|^I(?:'m|’m|\s+am)\s+(?<age>\d{1,2})(?:\s+years\s+old)?\b.*$|^I(?:'m|’m|\s+am)\s+(?:originally\s+)?from\s+(?<from>\p{Lu}.+)$|^I(?:'m|’m|\s+am)\s+(?:studying|majoring in)\s+(?<study>.+)$/iu;

const objectOk = (rest: string | undefined): boolean => {
  const words = contentWords(rest ?? '');
  if (words.length === 0) return false;
  // An object that is a pronoun or a "how/that" clause about the other speaker.
  return !/^\s*(?:it|that|this|you|them|him|her|those|these|how|what|your|ya|u)\b/iu.test(rest ?? '');
};

/** An event's object: content beyond a pronoun ("took her to the beach", not "did it", "loved that"). */
/** When something happened: not what happened ("I called on Thursday" says no more than "I called"). */
const TIME_WORDS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|yesterday|today|tonight|tomorrow|week|weekend|month|year|morning|afternoon|evening|night|january|february|march|april|june|july|august|september|october|november|december|ago|earlier|later|soon|first|last|next|past|times?)$/iu;

/** What happened to the speaker: "I got cut", "we got engaged", "I got laid off". */
const GOT_DONE =
  /^\s*(?:cut|fired|laid\s+off|let\s+go|promoted|hired|married|engaged|divorced|accepted|rejected|waitlisted|drafted|traded|picked|chosen|selected|elected|certified|vaccinated|diagnosed\b.*|into\s+\S.*|in\s+(?:to\s+)?\p{Lu}.*|a\s+(?:job|promotion|raise|puppy|dog|cat|kitten|car|house|tattoo)\b.*)\s*$/iu;
/** A time the sentence names: a past event with one thing done then is an event ("made pozole last night"). */
const DATED =
  /\b(?:yesterday|last\s+(?:night|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:morning|afternoon|weekend|past\s+week)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\d+\s+(?:days?|weeks?|months?|years?)\s+ago|a\s+(?:few\s+)?(?:days?|weeks?|months?)\s+ago)\b/iu;
/** What a day felt like, not what was done: "I had fun last night", "I did great yesterday". */
const NOT_A_THING =
  /^(?:fun|great|good|bad|well|badly|ok|okay|fine|nothing|blast|time|day|night|sleep|rest|much|enough|best|worst|lunch|dinner|breakfast|coffee|food)$/iu;

const eventObjectOk = (rest: string | undefined, verb = ''): boolean => {
  if (/^got$/iu.test(verb) && GOT_DONE.test(rest ?? '')) return true;
  // Complete with their particle: "Tom and I broke up last month", "we moved out", "she gave birth".
  if (
    /^(?:(?:broke|split)\s+up|moved\s+(?:out|in|away|back)|came\s+out|gave\s+birth|eloped|retired|graduated)\b/iu.test(
      `${verb}${rest ?? ''}`.replace(/^(\w+)/u, '$1 ').replace(/\s+/gu, ' '),
    )
  )
    return true;
  const words = contentWords(rest ?? '').filter((w) => !TIME_WORDS.test(w));
  // "bought her a house", "took him to the vet": a person, then what was done.
  const indirect =
    /^\s*(?:her|him|them|us|me|my\s+\w+)\s+(?:a|an|the|to|some|my|our|his|her|their|home|out)\b/iu.test(
      rest ?? '',
    );
  const named = /\p{Lu}|\p{N}/u.test(rest ?? '');
  // One content word is enough when it names something or follows an article: "I bought a boat".
  const thing = /^\s*(?:[\p{L}']+\s+)?(?:a|an|the|my|our|his|her|their|some|\d+)\s/iu.test(
    (rest ?? '').replace(/^\s*(?:her|him|them|us|me)\s+/iu, ''),
  );
  const dated = words.length === 1 && DATED.test(rest ?? '') && !NOT_A_THING.test(words[0]!);
  if (objectOk(rest) || indirect)
    return words.length >= 2 || (words.length === 1 && (named || thing || dated));
  return words.length >= 2;
};

/**
 * The memory a chat sentence states, if any: its type and kind. `sentence` is the sentence
 * without its fillers; the caller has ruled out noise, hedges, reported and quoted speech.
 */
/** The sentence without a closing invitation to the other speaker ("…, you should come"). */
const withoutInvitation = (s: string) => s.replace(/,\s*(?:you|wanna|want to|if you|lmk)\b.*$/iu, '');

export function conversationFinding(sentence: string): ConversationFinding | null {
  const whole = sentenceFinding(sentence);
  if (whole) return whole;
  if (HEDGE.test(withoutInvitation(sentence))) return null;
  // A later clause with its own first-person subject: "the Fillmore thing got moved, so we're opening for them September 13".
  for (const match of sentence.matchAll(
    /(?:(?:,|;|\s[–—-])\s*(?:(?:so|and|but|then|plus|now)\s+)?|\s(?:so|and|but|because|cause|cuz|since)\s+)(?=(?:I|i|[Ww]e|[Mm]y\s+\w+\s+and\s+I)\b)/gu,
  )) {
    const clause = sentence.slice(match.index + match[0].length);
    const found = sentenceFinding(clause);
    if (found) return found;
  }
  return null;
}

function sentenceFinding(sentence: string): ConversationFinding | null {
  const s = sentence
    .trim()
    .replace(/[.!…]+$/u, '')
    // "thinking about opening a little bakery, maybe": a plan being weighed, said as one.
    .replace(
      /^((?:(?:I'?m|I’m|I am|we'?re|we’re|we are)\s+)?thinking\s+(?:about|of)\s+[\p{L}]+ing\b.*?),?\s+maybe$/iu,
      '$1',
    )
    .replace(/^(?:Yesterday|Today|Tonight|Earlier|Last|This|On|Over)\b/u, (w) => w.toLowerCase());
  // "…, you should come": an invitation to the other speaker, not a hedge of the statement.
  if (HEDGE.test(withoutInvitation(s))) return null;
  // "We decided to…" is a decision (extractive.ts's rule), not a plan of one speaker.
  if (/^we(?:'ve|’ve|\s+have)?\s+decided\b/iu.test(s)) return null;
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
    if (objectOk(what) && contentWords(what).length >= 1)
      return { type: 'preference', kind: 'preference', priority: 3 };
  }
  m = LIKING.exec(s) ?? INTO.exec(s);
  if (m && objectOk(m.groups!.rest) && contentWords(m.groups!.rest!).length >= 1)
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = LIKING_INSIDE.exec(s);
  if (m && objectOk(m.groups!.rest) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'preference', kind: 'preference', priority: 3 };
  m = IDENTITY.exec(s);
  if (m) return { type: 'profile', kind: 'profile', priority: 3 };
  if (MINE_CHANGED.test(s) || DONE_TO_ME.test(s)) return { type: 'event', kind: 'event', priority: 3 };
  m = SUBJECTLESS_PLAN.exec(s);
  if (
    m &&
    contentWords(m.groups!.rest!).length >= (/^thinking/iu.test(s) ? 1 : 2) &&
    objectOk(m.groups!.rest)
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = SCHEDULED.exec(s);
  if (m && !NOT_SCHEDULED.test(m.groups!.subject!) && contentWords(m.groups!.subject!).length >= 1)
    return { type: 'event', kind: /\s(?:was|were)\s/iu.test(m[0]) ? 'event' : 'plan', priority: 3 };
  if (ENGAGEMENT.test(s)) return { type: 'event', kind: 'plan', priority: 3 };
  m = HAVE.exec(s);
  if (m) return { type: 'entity', kind: 'relationship', priority: 3 };
  if (
    /^(?:I|we)(?:'ve|’ve|\s+have)\s+been\s+(?:married|together|engaged|dating|sober|vegan|vegetarian)\s+(?:for\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|since|almost|over|nearly)\b/iu.test(
      s,
    )
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  m = RELATION.exec(s);
  if (
    m &&
    contentWords(m.groups!.rest ?? '').length >=
      (/^(?:\S+\s+){1,5}?(?:are|were)\b/iu.test(s) && !/\s(?:are|were)\s+[\p{L}]+ing\b/iu.test(s) ? 2 : 1)
  )
    return { type: 'entity', kind: 'relationship', priority: 3 };
  m = PLAN.exec(s);
  if (
    m &&
    !NOT_PLAN.test(m.groups!.rest!.trim()) &&
    objectOk(m.groups!.rest) &&
    contentWords(m.groups!.rest!).length >= 1
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = PLAN_WILL.exec(s);
  if (m && planObjectOk(m.groups!.rest!) && eventObjectOk(m.groups!.rest))
    return { type: 'event', kind: 'plan', priority: 3 };
  m = THE_PLAN.exec(s);
  if (m && planObjectOk(m.groups!.rest!) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'event', kind: 'plan', priority: 3 };
  m = DONE_WITH.exec(s);
  if (m && objectOk(m.groups!.rest)) return { type: 'event', kind: 'event', priority: 3 };
  m = BEEN_ING.exec(s);
  if (m && !NOT_ONGOING.test(m.groups!.verb!) && objectOk(m.groups!.rest))
    return { type: 'event', kind: 'event', priority: 3 };
  m = ING_AHEAD.exec(s);
  if (
    m &&
    AHEAD.test(s) &&
    !NOT_ONGOING.test(m.groups!.verb ?? '') &&
    !/^(?:nothing|something|anything|everything|morning|evening|thing|wedding|king|spring|ceiling|building|during|sibling|darling|ring|sing|bring)$/iu.test(
      m.groups!.verb ?? '',
    ) &&
    planObjectOk(m.groups!.rest!) &&
    !/^\s*(?:to\s+)?(?:bed|sleep|crash|nap|shower|work|school|class|the\s+gym|lunch|dinner|breakfast)\b[\s,]*(?:now|soon|early|tonight|$)/iu.test(
      m.groups!.rest!,
    ) &&
    contentWords(m.groups!.rest!).filter((w) => !TIME_WORDS.test(w)).length >= 1
  )
    return { type: 'event', kind: 'plan', priority: 3 };
  m = SETTLED.exec(s);
  if (m && SETTLED_PLACE.test(m.groups!.rest!) && objectOk(m.groups!.rest))
    return { type: 'event', kind: 'event', priority: 3 };
  m = ONGOING.exec(s);
  if (
    m &&
    !NOT_ONGOING.test(m.groups!.verb!) &&
    !/^\s*(?:you|your|u)\b/iu.test(m.groups!.rest ?? '') &&
    contentWords(m.groups!.rest ?? '').length >= 1
  )
    return { type: 'event', kind: 'event', priority: 3 };
  m = EVENT.exec(s);
  if (m) {
    const verb = m.groups!.verb!.toLowerCase();
    const past = PAST_VERB_SET.has(verb) || (/^[a-z]{3,}ed$/u.test(verb) && !NOT_EVENTS.test(verb));
    if (past && !NOT_EVENTS.test(verb) && eventObjectOk(m.groups!.rest, verb))
      return { type: 'event', kind: 'event', priority: 3 };
  }
  m = SUBJECTLESS_EVENT.exec(s);
  if (m && objectOk(m.groups!.rest) && contentWords(m.groups!.rest!).length >= 2)
    return { type: 'event', kind: 'event', priority: 3 };
  return null;
}

/** Someone the speaker names: "my sister", "our neighbor", or a name inside a sentence ("That's what Karen says"). */
const NAMES_SOMEONE = new RegExp(
  String.raw`\b(?:my|our)\s+(?:(?:little|big|older|younger|twin|new|old|baby)\s+)?(?:${KIN})\b|(?<=\S\s+)(?!I\b|I'|I’)\p{Lu}\p{Ll}[\p{L}'’-]*`,
  'u',
);

export function namesSomeone(sentence: string): boolean {
  return NAMES_SOMEONE.test(sentence);
}

/**
 * What a person the speaker just named does or will do ("That's what Karen says too. She's flying
 * in from Phoenix to help"): the sentence read as if the speaker said it of themselves, kept as a
 * relationship. Only "she", "he" or "they" at the start, and only when the caller found the
 * person named in the sentence before.
 */
export function thirdPersonFinding(sentence: string): ConversationFinding | null {
  const s = sentence.trim();
  if (!/^(?:she|he|they)\b/iu.test(s)) return null;
  const firstPerson = s
    .replace(/^(?:she|he)(?:'s|’s)\s+(?=been\b|got\b|gotten\b)/iu, "I've ")
    .replace(/^(?:she|he)(?:'s|’s)/iu, "I'm")
    .replace(/^they(?:'re|’re)/iu, "I'm")
    .replace(/^they(?:'ve|’ve)/iu, "I've")
    .replace(/^(?:she|he|they)(?:'ll|’ll)/iu, "I'll")
    .replace(/^(?:she|he)\s+(?:is|was)\b/iu, (w) => (/was$/iu.test(w) ? 'I was' : 'I am'))
    .replace(/^they\s+(?:are|were)\b/iu, (w) => (/were$/iu.test(w) ? 'I was' : 'I am'))
    .replace(/^(?:she|he)\s+has\b/iu, 'I have')
    .replace(/^(?:she|he|they)\b/iu, 'I');
  if (isChatNoise(firstPerson) || isAdvice(firstPerson)) return null;
  const found = sentenceFinding(firstPerson);
  if (!found || found.kind === 'preference' || found.kind === 'profile') return null;
  return { type: 'entity', kind: 'relationship', priority: 3 };
}

/** A question to the other speaker that a short answer completes: "Which team did you sign with?". */
const WH_QUESTION =
  /\b(?:what|which|where|who|when|how many|how much|how long|how old|what kind of|what type of)\b[^?]*\b(?:you|your|ya|u|she|he|it|they|them|her|his|their)\b[^?]*\?+\s*$|^(?:\W*\w+\W+)?(?:which|what|where|who)\s+[^?\s]+(?:\s+[^?\s]+){0,5}\s*\?+\s*$/iu;

/**
 * A question typed without its "?": "which program did you go with", "where are you guys
 * staying lol". It opens with a question word and asks about the other speaker.
 */
const UNMARKED_QUESTION =
  /^(?:which|what|where|who|when|how many|how much|how long|how old|what kind of|what time)\b(?:\s+[\p{L}\p{N}'’]+){1,10}?\s+(?:you|your|ya|u|you guys|y'?all)\b[\p{L}\p{N}'’\s]*?(?:\s+(?:lol|haha|lmao))?[\s!.…]*$/iu;

export function isUnmarkedQuestion(sentence: string): boolean {
  return !CJK.test(sentence) && UNMARKED_QUESTION.test(withoutLeadIn(sentence).trim());
}

/** The question a message ends with, when it asks the other speaker something a short answer completes. */
export function openQuestion(sentences: readonly string[]): string | null {
  const last = [...sentences].reverse().find((s) => /[?？]\s*$/u.test(s) || isUnmarkedQuestion(s));
  if (!last || !(WH_QUESTION.test(last) || isUnmarkedQuestion(last))) return null;
  // Not a pleasantry: "How are you?", "What's up?", "How about you?"
  if (
    /^(?:how (?:are|r|is|was|have)|what'?s up|how about|what about|you too|what do you (?:think|mean)|what made|what makes|what happened|what'?s wrong|why)\b/iu.test(
      withoutLeadIn(last),
    )
  )
    return null;
  return last;
}

/**
 * A yes/no question a reply can confirm by echoing its name ("still the Fillmore though?" —
 * "still the Fillmore!"): the last question of a message, when it names something.
 */
export function echoQuestion(sentences: readonly string[]): string | null {
  const last = [...sentences].reverse().find((s) => /[?？]\s*$/u.test(s));
  return last && echoNames(last).length > 0 ? last : null;
}

/** The names a question asks about: capitalised words not at its start ("the Fillmore", "UCSF"). */
function echoNames(text: string): string[] {
  return [...withoutLeadIn(text).matchAll(/(?<=\S\s+)(?!I\b)\p{Lu}[\p{L}\p{N}'’-]*/gu)].map((m) =>
    m[0].toLowerCase(),
  );
}

/** Whether an answer confirms a yes/no question by naming what it asked about. */
export function echoes(question: string, answer: string): boolean {
  if (/^\W*(?:no|nope|nah|not|never)\b/iu.test(answer)) return false;
  const names = echoNames(question);
  const words = new Set(contentWords(answer));
  return names.some((n) => words.has(n));
}

/**
 * Whether a sentence completes a question of the other speaker: short, a statement, with content
 * ("The Minnesota Wolves!", "Woodhaven, a small town in the Midwest").
 */
export function isShortAnswer(sentence: string): boolean {
  const body = withoutLeadIn(sentence).trim();
  if (
    body.length === 0 ||
    /[?？]\s*$/u.test(body) ||
    NOISE.test(body) ||
    ADVICE.test(body) ||
    HEDGE.test(body)
  )
    return false;
  const words = body.split(/\s+/u);
  if (words.length > 14) return false;
  const content = contentWords(body);
  if (content.length === 0) return false;
  // One content word only when it names something (a name or a number): "Luna!", "Twelve".
  return content.length >= 2 || /^\p{Lu}|\p{Lu}|\p{N}/u.test(body);
}
