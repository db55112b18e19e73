/**
 * The patterns of the conversation rules (conversation.ts; docs/memory.md#conversation; issue 31):
 * first-person subjects, past and ongoing verbs, plans, likings and feelings, relationships,
 * appointments, and the checks on a rule's object (not a pronoun, not only a time).
 */
import { contentWords } from './chat-guards.js';

/** A first-person subject: I, we, "my mom and I", "me and Tom", "Jen and I", "the whole family", "the three of us". */
const FIRST_PERSON = String.raw`(?:I|i|We|we|[Tt]he\s+(?:two|three|four|five|six)\s+of\s+us|[Tt]he\s+whole\s+(?:family|fam|crew|gang|squad|group)|[Aa]ll\s+of\s+us|[Bb]oth\s+of\s+us|[Mm]e and (?:my\s+)?[\p{L}'’]+|[Mm]y\s+[\p{L}'’]+(?:\s+[\p{L}'’]+)?\s+and\s+[Ii]|\p{Lu}[\p{L}'’]+\s+and\s+[Ii]|[Mm]y\s+[\p{L}'’]+\s+and\s+me)`;
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
export const NOT_EVENTS =
  /^(?:cried|laughed|screamed|panicked|freaked|sobbed|giggled|yelled|need|needed|feed|bleed|seed|speed|proceed|exceed|wanted|wished|hoped|guessed|supposed|used|meant|imagined|assumed|figured|wondered|worried|agreed|believed|realized|realised|loved|liked|hated|enjoyed|missed|tired|excited|bored|scared|stressed|interested|relieved|amazed|surprised|pleased|blessed|obsessed|said|told|heard|felt|thought|knew|forgot|remembered|noticed|expected|decided|planned|stopped)$/iu;

/** First-person events: "I went to Woodhaven", "My mom and I made dinner", "Started hitting the gym last week". */
const WHEN_PREFIX = String.raw`(?:(?:yesterday|today|tonight|earlier|last\s+[\p{L}]+|this\s+(?:morning|afternoon|evening|week|weekend|month|year)|on\s+[\p{L}]+|over\s+the\s+weekend)[,\s]+)?`;
export const EVENT = new RegExp(
  String.raw`^${WHEN_PREFIX}${FIRST_PERSON}(?:(?:'ve|’ve|\s+have|\s+had)\s+)?${ADVERBS}\s+(?<verb>[\p{L}]+)\b(?<rest>.*)$`,
  'u',
);
/** The same with its auxiliary read apart: "I've lived…", "I have finished…", "we'd booked…". */
export const PERFECT_EVENT = new RegExp(
  String.raw`^${WHEN_PREFIX}${FIRST_PERSON}(?:'ve|’ve|'d|’d|\s+have|\s+had)${ADVERBS}\s+(?<verb>[\p{L}]+)\b(?<rest>.*)$`,
  'u',
);
export const SUBJECTLESS_EVENT = new RegExp(
  String.raw`^(?:[Jj]ust\s+|[Ff]inally\s+|[Rr]ecently\s+|[Aa]lso\s+)?(?<verb>${PAST_VERBS.split('|')
    .map((v) => `[${v[0]!.toUpperCase()}${v[0]}]${v.slice(1)}`)
    .join('|')})\b(?<rest>.*)$`,
  'u',
);
/** The same with any "-ed" verb after "just/finally/recently": "finally cleaned out the garage", "just repotted my monstera". */
export const SUBJECTLESS_ED_EVENT =
  /^(?:just|finally|recently)\s+(?:(?:just|finally|recently|also|officially)\s+)?(?<verb>[\p{L}]{3,}ed)\b(?<rest>.*)$/iu;
/** Irregular past verbs read only after a first-person subject ("I sat down with my advisor"): alone they are other words ("Sat 14th"). */
const SUBJECT_PAST_VERBS =
  'sat|slept|woke|dug|fed|fought|hung|led|lent|rang|shook|stuck|tore|bit|blew|dove|froze|hid|lit|rebuilt|sped|spun|swept|snuck|overslept|split|wound|sank|struck|dealt|knelt|bled|bent|forgave|withdrew|overcame|undertook|underwent|outgrew|upheld';
export const PAST_VERB_SET: ReadonlySet<string> = new Set([
  ...PAST_VERBS.split('|'),
  ...SUBJECT_PAST_VERBS.split('|'),
]);
/**
 * Any "-ed" verb with its subject left out, when the sentence says when it happened (`DATED`):
 * "wrapped up the robotic arm project at work last week", "repainted the bedroom on Sunday".
 */
export const DATED_ED_EVENT = /^(?<verb>[\p{L}]{3,}ed)\b(?<rest>.*)$/iu;
/** Ongoing: "I've been volunteering", "I'm training for a marathon", "We're renovating the kitchen". */
export const ONGOING = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'ve been|’ve been|\s+have been|'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:now|currently|still|finally|really|actually|also|just|already|officially|seriously))*\s+(?<verb>[\p{L}]+ing)\b(?<rest>.*)$`,
  'u',
);
export const NOT_ONGOING =
  /^(?:gonna|shaking|crying|expecting|laughing|screaming|losing|thinking|feeling|doing|kidding|joking|guessing|saying|telling|wondering|hoping|trying|looking|getting|having|being|talking|asking|wishing|loving|starting|planning|sending|rooting|dying|freaking|counting|waiting)$/iu;
/** Where the speaker now is: "we're finally in the new place on Alder St", "I'm back in Austin". */
export const SETTLED = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:finally|now|officially|all|back|still|fully))*\s+(?:in|into|living in|settled in|moved in(?:to)?|based in|back\s+from|home\s+from)\s+(?<rest>.+)$`,
  'u',
);
export const SETTLED_PLACE = /\p{Lu}|\bnew\s+(?:place|apartment|flat|house|home|condo|office|city|town)\b/u;

/** Plans and intentions: "We're doing the shoot in Miami", "I'm going to run a half marathon", "I plan to…". */
export const PLAN = new RegExp(
  String.raw`^(?:(?:next|this|on)\s+[\p{L}]+,?\s+)?${FIRST_PERSON}(?:(?:'m|’m|\s+am|'re|’re|\s+are|'ll|’ll|\s+will|\s+plan|\s+want|\s+intend|\s+hope|\s+are\s+planning)(?:\s+(?:already|just|seriously|officially))*)?(?:\s+(?:really|also|finally|totally|definitely|actually|still|now|so))*\s+(?<how>going to|gonna|planning(?: to| on)?|hoping to|about to|looking forward to|excited to|to|thinking (?:about|of) [\p{L}]+ing|doing|having|heading|flying|driving|moving|starting|taking|getting|throwing|hosting|visiting|signing up|booking|applying|launching|adopting|joining|travel(?:l)?ing|go(?:ing)? (?:to|on|back)|be (?:starting|moving|going|doing|joining|taking)|start|go|take|try|join|visit|move|adopt|sign up|run|learn|finish|get|book|apply|travel|build|open|launch|host|throw|do)\b(?<rest>.*)$`,
  'u',
);
/** Intentions with any verb: "I'll handle the cake", "We're gonna paint the nursery", "I want to learn Spanish". */
export const PLAN_WILL = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'ll|’ll|\s+will|(?:'m|’m|\s+am|'re|’re|\s+are)\s+(?:going\s+to|gonna)|\s+(?:plan|want|intend|hope)\s+to|(?:'ve|’ve|\s+have)?\s+decided\s+to|(?:'re|’re|\s+are|'m|’m|\s+am)\s+due\s+to|\s+(?:can(?:'|’)?t|cannot)\s+wait\s+to)(?:\s+(?:really|also|finally|totally|definitely|actually|still|now|so|probably|just|def))*\s+(?<rest>[\p{L}]+\b.*)$`,
  'u',
);
/**
 * Plans that are pleasantries, reactions or favours to the other speaker: "I'll let you know",
 * "I'm going to miss you", "I'm gonna cry", "I'll stop bugging you", "I'll buy you a drink".
 */
export const NOT_PLAN =
  /^(?:(?:let|tell|text|call|send|show|get back to|keep|check|see|think|talk|remember|be there|try my best|miss|hug|ask(?!\s+for\s+(?:a|an|the)\s)|pray|cheer|need|try|come|save|stop|sleep(?=\s*(?:$|for\b|in\b|till\b|until\b|all\b|now\b|early\b|tonight\b|so\b|like\b|[,.!]))|nap|crash|bed|go\s+to\s+bed|quit\s+(?:bugging|bothering|complaining)|cry|scream|die|explode|lose\s+it|pass\s+out|throw\s+up|faint|melt|freak\s+out)\b|(?:you|it|that|this|them)\b|[\p{L}]+\s+(?:you|ya|u|y'?all)\b(?!\s+(?:and|&)\s))/iu;

/** Whether a plan's object says what is planned: "be" alone ("I'll be a mean interviewer") needs a name, a number or an -ing verb. */
export const planObjectOk = (rest: string): boolean => {
  const body = rest.trim();
  // "I'll just rent one", "I'll get it later": the thing is elsewhere, not in the plan — unless
  // the plan names its time ("we're moving it to Saturday" says when).
  if (
    NOT_PLAN.test(body) ||
    (/^[\p{L}]+\s+(?:one|it|that|this|them|those)\b/iu.test(body) && !AHEAD.test(body))
  )
    return false;
  const be = /^be\s+(.*)$/iu.exec(body);
  return !be || /^[\p{L}]+ing\b/u.test(be[1]!) || /\p{Lu}|\p{N}/u.test(be[1]!);
};
/** A liking inside a sentence: "…reminded me how much I love Mom's garden in spring". */
export const LIKING_INSIDE =
  /\b[Ii]\s+(?:really\s+|absolutely\s+|just\s+|truly\s+|still\s+)?(?:love|adore)\s+(?<rest>.+)$/u;
/** Likings and dislikes said otherwise: "nothing beats a cold brew", "I find swimming really relaxing", "rainy days with a good book are the best", "I'm really loving my new job", "I can't live without my morning coffee", "I feel most at peace when I'm hiking", "I'm a sucker for old horror movies", "I hate running in the cold". */
export const LIKING_SAID =
  /^(?:nothing\s+beats\s+(?<a>.+)|I\s+could\s+(?:honestly\s+|literally\s+)?live\s+on\s+(?<d2>.+)|I(?:'d|’d|\s+would)\s+(?:much\s+|so\s+much\s+)?rather\s+(?<t>.+?)\s+than\s+.+|(?:just\s+)?give\s+me\s+(?<u>.+?)\s+any\s+day\b.*|I\s+(?:honestly\s+|just\s+|literally\s+)?live\s+for\s+(?<v>.+)|(?<w>.{3,60}?)\s+(?:is|are)\s+where\s+I\s+(?:do\s+my\s+best|feel\s+(?:most|happiest|best|at\s+home|calm|alive)|am\s+(?:happiest|most\s+myself)|come\s+alive|recharge|unwind)\b.*|(?<y>.{3,60}?)\s+(?:is|are)\s+(?:honestly\s+|literally\s+|kind\s+of\s+|pretty\s+much\s+)?(?:sacred|non-negotiable|everything\s+to\s+me|my\s+whole\s+personality)\b.*|I(?:'ve|’ve|\s+have)\s+always\s+wanted\s+to\s+(?<x>.+)|I(?:'m|’m|\s+am)\s+(?:such\s+|a\s+total\s+|a\s+)?(?:sucker|softie)\s+for\s+(?<b>.+)|(?:I\s+)?can(?:'|’)?t\s+get\s+enough\s+of\s+(?<c>.+)|I\s+could\s+(?:eat|watch|listen\s+to|live\s+on|drink|read)\s+(?<d>.+?)\s+every\s+(?:day|night|week)\b.*|(?<e>.{3,60}?)\s+(?:is|are|has\s+been|have\s+been|became|(?:has|have)\s+become)\s+(?:(?:honestly|literally|easily|by\s+far|definitely|really|truly|now|still|kinda|basically)\s+)*the\s+best\s+part\s+of\s+my\s+(?:day|week|morning|year|life)\b.*|I(?:\s+(?:really|absolutely|honestly|just|kinda|still))?\s+(?:hate|can(?:'|’)?t\s+stand|dislike|despise)\s+(?<f>.+)|I(?:'m|’m|\s+am)\s+(?:really\s+|just\s+)?not\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|big\s+on)\s+(?<g>.+)|I(?:'ve|’ve|\s+have)\s+always\s+(?:loved|liked|enjoyed|adored)\s+(?<h>.+)|I(?:'ve|’ve|\s+have)\s+never\s+(?:been\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|into|big\s+on)|(?:liked|enjoyed|cared\s+for))\s+(?<i>.+)|I\s+(?:can(?:'|’)?t|cannot|don(?:'|’)?t|do\s+not|never)\s+(?:eat|drink)\s+(?!(?:another|more|any|anything|much|that|this|it|too)\b)(?<j>.+)|I(?:\s+(?:always|really|honestly|just|actually|still))?\s+find\s+(?<k>.+?)\s+(?:(?:so|really|super|very|incredibly|kind\s+of|kinda|pretty|weirdly|oddly|deeply|genuinely|truly|strangely|surprisingly|weirdly)\s+)*(?:relaxing|calming|soothing|therapeutic|fun|peaceful|meditative|rewarding|satisfying|comforting|energi[sz]ing|inspiring|fascinating|enjoyable|freeing|grounding|healing|restorative|addictive)\b.*|(?!(?:they|we|he|she|y'?all|you|u|it|that|this|those|these|there|everyone|everything|both|all)\b)(?<l>.{3,60}?)\s+(?:is|are)\s+(?:just\s+|honestly\s+|truly\s+|seriously\s+|literally\s+|simply\s+)?the\s+best(?:\s+(?:thing|feeling))?(?:\s+ever)?|I(?:'m|’m|\s+am|(?:'ve|’ve|\s+have)(?:\s+(?:really|so|just|honestly|totally))*\s+been)(?:\s+(?:really|so|just|totally|honestly|seriously|absolutely|still))*\s+(?:loving|enjoying|digging)\s+(?<m>.+)|I\s+(?:honestly\s+|literally\s+|just\s+)?can(?:'|’)?t\s+(?:live|function|survive|imagine\s+life)\s+without\s+(?<n>.+)|(?<o>.{3,60}?)\s+is\s+(?:something|what)\s+I(?:'ll|’ll|\s+will)?\s+(?:always\s+|really\s+|truly\s+)?(?:treasure|love|enjoy|cherish|look\s+forward\s+to)\b.*|(?<p>.{3,60}?)\s+is\s+what\s+(?:makes|keeps)\s+me\s+(?:happiest|happy|sane|going|feel\s+alive|smile)\b.*|there(?:'s|’s|\s+is)\s+nothing\s+(?:quite\s+)?(?:like|better\s+than)\s+(?<r>.+)|nothing\s+(?:relaxes|calms|grounds|centers|centres|cheers|resets|recharges|soothes|clears|makes)\s+me(?:\s+(?:down|up|happy|happier|feel\s+better|as\s+happy))?\s+(?:quite\s+)?(?:like|as\s+much\s+as|than)\s+(?<s>.+)|I\s+feel\s+(?:(?:most|so|really|the\s+most)\s+)?(?:at\s+peace|happy|happiest|alive|calm|calmest|free|at\s+home|like\s+myself)\s+when\s+(?:I(?:'m|’m|\s+am)\s+)?(?<q>.+))$/iu;

/** Likings: "I love hiking in the fall", "I'm really into pottery", "I'm a huge fan of jazz". */
export const LIKING =
  /^I(?:\s+(?:really|absolutely|just|totally|truly|honestly|also|so|still|do|especially))*\s+(?<verb>love|adore|enjoy|like|prefer|dig|appreciate)\s+(?<rest>.+)$/iu;
export const INTO =
  /^I(?:'m|’m|\s+am|(?:'ve|’ve|\s+have)\s+been|(?:'ve|’ve|\s+have)(?=\s+(?:\w+\s+)?(?:gotten|got)\b))(?:\s+(?:really|so|totally))?(?:\s+(?:getting|gotten|got))?(?:\s+(?:really|so|totally|super|also|just|kind of|kinda|pretty))*\s+(?:into|passionate about|obsessed with|crazy about|a (?:big |huge |massive )?fan of|hooked on|addicted to)\s+(?<rest>.+)$/iu;
/** Feelings: "The roses and dahlias bring me peace", "Painting keeps me sane", "X is my happy place". */
export const FEELING =
  /^(?<subject>.{3,80}?)\s+(?:always\s+|really\s+|just\s+|truly\s+|honestly\s+)?(?:(?:is|are|has been|have been)\s+(?:keeping|making|bringing|giving|helping)|bring|brings|brought|give|gives|make|makes|keep|keeps|help|helps|calm|calms|relax|relaxes|fill|fills|put|puts|let|lets)\s+me\s+(?:so\s+much\s+|so\s+many\s+|so\s+|such\s+(?:a\s+)?|much\s+|lots\s+of\s+|feel\s+(?:so\s+)?(?:at\s+|like\s+)?|at\s+|with\s+|a\s+(?:lot\s+of\s+|sense\s+of\s+|ton\s+of\s+)?)?(?<feeling>[\p{L}]+)/iu;
export const GOOD_FEELINGS =
  /^(?:peace|peaceful|joy|joyful|happy|happiness|calm|comfort|ease|relaxed|relax|down|sane|grounded|alive|energized|energised|energy|smile|calmer|happier|hope|inspired|inspiration|motivated|content|centered|centred|present|focused|free|whole|good|great|better|balance|balanced|purpose|clarity|warm|cozy|safe|home|myself|me|human|young|normal|going|afloat|unwind|clear|decompress|destress|de-stress|recharge|breathe|cope|reset|escape|heal|focus)$/iu;
export const HAPPY_PLACE =
  /^(?<subject>.{3,80}?)\s+(?:is|are|has been|have been|became|(?:has|have)(?:\s+(?:kinda|kind\s+of|sort\s+of|basically|totally|really|officially|just))?\s+become)\s+(?:always\s+|really\s+|kind of\s+|kinda\s+|literally\s+|basically\s+|honestly\s+|totally\s+|officially\s+|now\s+|still\s+|truly\s+)*(?:my|our)\s+(?:happy place|dream|(?:new\s+|latest\s+|biggest\s+|current\s+)?(?:weakness|obsession|guilty\s+pleasure|love\s+language|addiction|kryptonite|religion)|favou?rite(?:\s+[\p{L}]+){0,3}|fave(?:\s+[\p{L}]+){0,3}|therapy|escape|safe place|go-to|comfort(?:\s+[\p{L}]+)?|passion|thing|jam|love|(?:daily\s+|morning\s+|evening\s+|weekly\s+|sunday\s+)?(?:ritual|routine)|everything|whole\s+world)\b/iu;
export const FAVOURITE =
  /^(?:My|my|Our|our)\s+(?:all-time\s+)?(?:favou?rite|fave)\s+(?<what>[\p{L} -]{2,40}?)\s+(?:is|are|was|has to be)\s+(?<rest>.+)$/u;
/** What happened to something of the speaker's: "my surgery got moved", "our flight was cancelled". */
export const MINE_CHANGED =
  /^(?:my|our)\s+(?:[\p{L}'’-]+\s+){0,4}?(?:(?:got|was|were|has been|have been|is|are)\s+(?:just\s+|finally\s+|officially\s+)?(?:moved|postponed|rescheduled|cancell?ed|pushed|scheduled|booked|approved|accepted|confirmed|delayed|sold|fixed|renewed|promoted|hired|totaled|totalled|stolen|towed|flooded|robbed|repaired|published|funded|denied|rejected|diagnosed|broken\s+into)|got\s+(?:just\s+)?(?:totaled|totalled|stolen|towed|flooded|robbed|broken\s+into|published|funded))\b/iu;
/** What happened to a thing of the speaker's: "our basement flooded during the storm" (something more than the time must be said). */
export const MINE_DID =
  /^(?:my|our)\s+(?<thing>(?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s+(?:just\s+|finally\s+|totally\s+)?(?<verb>[\p{L}]{3,}ed|broke|sold|burned|burnt|froze|fell|blew\s+up|caught\s+fire)\b(?<rest>.*)$/iu;
/** The speaker was somewhere or had something done: "I was in Denver for work all last week", "I was promoted to director". */
export const WAS_DONE =
  /^I\s+was\s+(?:just\s+|finally\s+|officially\s+)?(?:(?:promoted|hired|accepted|admitted|diagnosed|laid\s+off|fired|drafted|elected|awarded|named|chosen|selected|offered|nominated|invited|certified|ordained|baptized|discharged|released|transferred|rejected|waitlisted)\b(?<rest>.*)|in\s+\p{Lu}[\p{L}'’-]+(?<where>.*))$/u;
/**
 * Someone changed a plan of the speaker's world: "my boss pushed the launch to next month", "Dana
 * rescheduled the wedding to October", "the school changed the recital to Friday night". The thing
 * moved is "the/our/my…" something, and where it went is a time or a named place (`THIRD_PARTY_TARGET`).
 */
export const THIRD_PARTY_CHANGE =
  /^(?<who>\p{Lu}[\p{L}'’-]+|(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:just\s+|finally\s+|officially\s+|already\s+)?(?:moved|pushed|rescheduled|changed|switched|postponed|bumped|delayed|shifted|brought\s+forward)\s+(?:the|our|my|his|her|their)\s+(?<thing>[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2}?)\s+(?:back\s+|up\s+)?(?:to|until|till|into)\s+(?<target>.+)$/u;
/** Who may not be the one changing a plan: a pronoun or a word that opens chatter. */
export const NOT_THIRD_PARTY =
  /^(?:It|That|This|There|He|She|They|You|What|Which|Who|When|Where|Why|How|Someone|Somebody|Everyone|Nobody|Lol|Omg|Haha|Yeah|Ok|Okay|So|And|But|Then|Just|Also)$/u;
/** A life event said in two words: "just got engaged", "we got married in June", "getting married in May". */
export const LIFE_EVENT =
  /^(?:(?:I|i|We|we)(?:'ve|’ve|\s+have|'re|’re|\s+are|'m|’m|\s+am)?\s+)?(?:(?:just|finally|officially|recently)\s+)*(?<verb>got|getting|get)\s+(?:engaged|married|divorced|hired|promoted|baptized)\b/u;

/** Someone did something to the speaker or theirs: "The surgeon finally scheduled my knee replacement", "they let me out on Tuesday". */
export const DONE_TO_ME =
  /^(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+(?:just\s+|finally\s+|officially\s+|already\s+)?(?:cleared|allowed|approved|assigned|put|moved|transferred|switched|invited|picked|chose|selected|nominated|drafted|recruited|signed)\s+(?:me|us)\s+(?:up\s+)?(?:to|for|on|onto|in|into|as)\s+\S|^they\s+(?:finally\s+|just\s+|officially\s+)?(?:(?:put|moved|assigned|transferred|switched|placed)\s+(?:me|us)\s+(?:on|onto|in|into|to)\s+(?:the|a|an|my|our)\s+(?!hold\b|speaker\b)[\p{L}\p{N}'’-]+|made\s+(?:me|us)\s+(?:the|a|an)\s+(?:new\s+)?[\p{L}-]{3,}|let\s+(?:me|us)\s+(?:out|in|go\s+home)|discharged\s+(?:me|us)|released\s+(?:me|us)|sent\s+(?:me|us)\s+home|offered\s+(?:me|us)\s+(?:the|a)\s+[\p{L}]+|hired\s+me|accepted\s+me|promoted\s+me)\b|^(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s+(?:just\s+|finally\s+|officially\s+)?(?:(?:scheduled|booked|approved|accepted|hired|promoted|cancell?ed|moved|rescheduled|postponed|offered|signed|picked|chose)\s+(?:my|our|me|us)\b|(?:fired\s+(?:me|us)|let\s+(?:me|us)\s+go|laid\s+(?:me|us)\s+off)\b)/iu;
/**
 * Someone asked or booked the speaker for something ahead: "Solstice already asked me to shoot
 * their winter campaign", "my old boss invited me to speak at the summit". `rest` is what for.
 */
export const ASKED_ME =
  /^(?<who>\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?|they|(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:just\s+|finally\s+|officially\s+|already\s+|actually\s+)?(?:asked|invited|hired|booked|wants?|picked|chose|recruited)\s+(?:me|us)\s+(?:to|for)\s+(?<rest>.+)$/u;
/**
 * Someone called off a plan of the speaker's: "the movers cancelled", "Hartwell cancelled on us",
 * "my sitter bailed on me last minute".
 */
export const CALLED_OFF =
  /^(?<who>\p{Lu}[\p{L}'’-]+|(?:the|my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:just\s+|finally\s+|officially\s+|totally\s+|literally\s+)?(?:cancell?ed|bailed|flaked|backed\s+out|pulled\s+out|called\s+(?:it\s+)?off)(?:\s+on\s+(?:us|me))?(?=[\s,;!.…–—-]|$)/u;
/**
 * A plan named by a pronoun, said with where or when it goes: "we're doing it on Saturday",
 * "we're moving it to our backyard instead". `rest` must hold a time ahead or a target.
 */
export const PRONOUN_PLAN = new RegExp(
  String.raw`^${FIRST_PERSON}(?:(?:'re|’re|\s+are|'m|’m|\s+am)(?:\s+(?:still|now|just|actually|officially|definitely))*\s+(?:doing|having|moving|pushing|holding|throwing|hosting|switching|bumping)|(?:'ll|’ll|\s+will)(?:\s+(?:still|just|actually|definitely))*\s+(?:move|push|hold|throw|host|switch|bump))\s+(?:it|that|this|the\s+party|the\s+thing)\s+(?<rest>.+)$`,
  'u',
);
/** Where a moved plan goes: "to our backyard", "over to Jen's", "to Sonoma". */
export const PLAN_TARGET =
  /^(?:back\s+|up\s+|instead\s+)?(?:to|at|over\s+to)\s+(?:(?:our|my|his|her|their)\s+[\p{L}'’-]+|\p{Lu}[\p{L}'’-]+)/u;
/** A named person's own event: "Maya lost her first tooth yesterday" (the verb is checked by the caller). */
export const NAMED_EVENT =
  /^(?<who>\p{Lu}\p{Ll}+)\s+(?:just\s+|finally\s+|officially\s+|actually\s+)?(?<verb>\p{Ll}+)\s+(?:her|his|their)\s+(?!(?:mind|minds|cool|temper|shit|marbles|head|nerve|patience|way|point|thing|stuff|best|lunch|breakfast|dinner)\b)(?<rest>.+)$/u;
/** How a thing of the speaker's went: "the surgery went well", "my interview went really great". */
export const WENT_WELL =
  /^(?:the|my|our)\s+(?<what>[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2}?)\s+(?:just\s+|actually\s+|honestly\s+)?went\s+(?:(?:really|so|super|very|pretty|surprisingly|totally|amazingly|absolutely)\s+)*(?:well|great|fine|ok|okay|badly|amazing|perfectly|smoothly|terribly|awful|awfully|better\s+than\s+expected|sideways|south)\b/iu;
/** A named person's news: "Dana's pregnant again", "Theo is getting married in June". */
export const NAMED_NEWS =
  /^(?<who>\p{Lu}\p{Ll}+)(?:['’]s|\s+is)\s+(?:(?:officially|finally|also|actually|now)\s+)?(?:pregnant|expecting|engaged|married|getting\s+married|getting\s+divorced|retiring|retired|moving\s+(?:to|back|in|out)|in\s+the\s+hospital|having\s+(?:a\s+baby|twins|surgery)|starting\s+(?:a|her|his|their)\s+new|graduating)\b|^(?<who2>\p{Lu}\p{Ll}+)\s+(?:just\s+|finally\s+|officially\s+)?got\s+(?:into\s+(?!trouble\b|it\b|that\b)|accepted|engaged|married|promoted|hired|drafted|cast|elected|certified|a\s+(?:new\s+)?(?:job|puppy|dog|promotion|scholarship)\b)/u;
/** A named person's event with its time (`DATED`, checked by the caller): "Kira started daycare this week". */
export const NAMED_DATED_EVENT =
  /^(?<who>\p{Lu}\p{Ll}+)\s+(?:just\s+|finally\s+|officially\s+|actually\s+)?(?<verb>started|finished|graduated|moved|lost|broke|passed|failed|got|turned|won|joined|quit|adopted|took|retired|married|left|began|learned|had|came|went|flew|drove|visited|bought|signed|landed|fell|tore|sprained|switched|transferred|enrolled|applied|earned|proposed|delivered|gave\s+birth|had|made|ran|rode|swam|hiked|competed|performed|played|scored|celebrated)\b(?<rest>.+)$/u;
/** A resolution: "I'm officially never camping without bear spray again". */
export const NEVER_AGAIN =
  /^I(?:'m|’m|\s+am)(?:\s+(?:officially|so|just|literally|honestly|definitely|seriously|totally))*\s+never\s+(?<verb>[\p{L}]+ing)\b(?<rest>.*?)\s+(?:ever\s+)?again\b/iu;
/** A time ahead: "next weekend", "this fall", "tomorrow", "in May", "on Friday". */
export const AHEAD =
  /\b(?:next\s+(?:week|weekend|month|year|time|spring|summer|fall|autumn|winter|semester|season|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:weekend|week|month|year|fall|autumn|spring|summer|winter|friday|saturday|sunday|monday|tuesday|wednesday|thursday)|tomorrow|tonight|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|the\s+(?:fall|spring|summer|winter)|(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+(?:of\s+)?)\s+(?:days|weeks|months)|a\s+(?:few\s+)?(?:days|weeks|months))|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on\s+the\s+\d{1,2}(?:st|nd|rd|th)|all\s+(?:weekend|week)(?:\s+long)?|the\s+whole\s+(?:week|weekend|month|summer)|(?<=\s)(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?=[\s!.…]*$)|(?:a|one|two|three|\d+)\s+weeks?\s+from\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|now))\b/iu;
/** A plan said from its verb: "Meeting my birth mom next weekend", "gonna repaint the nursery this weekend". */
export const ING_AHEAD = /^(?:gonna\s+(?<base>[\p{L}]+)|(?<verb>[\p{L}]+ing))\b(?<rest>.*)$/iu;
/** Ongoing, its subject left out: "been learning guitar since January". */
export const BEEN_ING = /^been\s+(?<verb>[\p{L}]+ing)\b(?<rest>.*)$/iu;
/** "the plan is to drive up to Tahoe". */
export const THE_PLAN = /^(?:the|my|our)\s+(?:plan|goal|hope|idea|dream)\s+is\s+(?:to\s+)?(?<rest>.+)$/iu;
/** A thing of the speaker's with its time ahead: "my sister's wedding is in Napa next spring". */
export const MINE_AHEAD =
  /^(?:my|our)\s+(?:[\p{L}'’-]+\s+){0,2}(?:wedding|birthday|party|graduation|shower|reunion|trip|move|surgery|recital|game|race|show|interview|exam|due\s+date|vacation|honeymoon|anniversary|retirement|launch|opening|concert|tournament|appointment|conference)\s+(?:is|'s|’s)\s/iu;
/** Done with something: "I'm done with my chemo as of last week". */
export const DONE_WITH = new RegExp(
  String.raw`^${FIRST_PERSON}(?:'m|’m|\s+am|'re|’re|\s+are)(?:\s+(?:officially|finally|all|totally))*\s+(?:done|finished|through)\s+with\s+(?<rest>.+)$`,
  'u',
);

/**
 * A plan said in the present tense with its time ahead (`AHEAD`): "we close on the house on
 * Friday", "I leave for basic training in June", "I fly out next week".
 */
export const PRESENT_PLAN = new RegExp(
  String.raw`^${FIRST_PERSON}(?:\s+(?:finally|officially|actually|also|both|all))?\s+(?:leave|close|fly|head|graduate|begin|return|arrive|land|report|ship\s+out|deploy|move\s+(?:in|out)|check\s+in|kick\s+off|sail|depart|relocate)\b(?<rest>.*)$`,
  'u',
);
/** Plans without a subject: "launching the collection March 1", "flying out Friday". */
export const SUBJECTLESS_PLAN =
  /^(?:launching|starting|moving|flying|heading|headed|leaving|visiting|driving|opening|closing|planning\s+(?:to|on)|thinking\s+(?:about|of)\s+[\p{L}]+ing)\s+(?<rest>.+)$/iu;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WEEKDAYS =
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun';
/** Where a changed plan went: a time ("next month", "the 14th", "Friday night"), a named place, or someone's place. */
export const THIRD_PARTY_TARGET = new RegExp(
  String.raw`^(?:(?:the\s+)?(?:${MONTHS}|${WEEKDAYS})\b|(?:next|this|the\s+(?:next|following))\s+\p{L}+|tomorrow|tonight|the\s+\d{1,2}(?:st|nd|rd|th)\b|\d|(?:his|her|their|our|my)\s+(?:place|house|apartment|parents'?)\b)|^\p{Lu}`,
  'u',
);
/** When a thing of the speaker's is: "UCSF is August 7", "the wedding's on the 21st", "graduation is next Friday". */
export const SCHEDULED = new RegExp(
  String.raw`^(?:(?:my|our|the)\s+)?(?<subject>[\p{L}\p{N}'’&-]+(?:\s+[\p{L}\p{N}'’&-]+){0,5}?)\s*(?:\s+is|'s|’s|\s+are|\s+was|\s+were|\s+(?:starts|begins|kicks\s+off|opens|wraps\s+up|ends)|\s+got\s+moved\s+to|\s+(?:is|was)\s+(?:moved|pushed|changed|set)\s+to)\s+(?:now\s+|still\s+|officially\s+)?(?:due\s+(?=(?:in\s+)?(?:${MONTHS})\b))?(?:on\s+|in\s+|at\s+|for\s+)?(?:the\s+)?(?:(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}(?:st|nd|rd|th)(?:\s+of\s+(?:${MONTHS}))?\b|(?:${MONTHS})\b|(?:next|this)\s+(?:week(?:end)?|month|year|${WEEKDAYS})\b|(?:${WEEKDAYS})\b|tomorrow\b|in\s+(?:two|three|four|a\s+few|\d+)\s+(?:days|weeks|months)\b|(?:a|one|two|three|\d+)\s+weeks?\s+from\s+(?:${WEEKDAYS}|today|tomorrow|now)\b)`,
  'iu',
);
/** Subjects that are not a thing of the speaker's ("today is Monday", "that's next week"). */
export const NOT_SCHEDULED =
  /^(?:it|that|this|there|here|today|tonight|tomorrow|yesterday|now|what|which|who|when|where|everything|nothing|something|he|she|they|you|mine|yours|the\s+(?:day|date|weather))$/iu;
/** An appointment of the speaker's: "the band has a show on the 21st", "I have an interview Monday". */
export const ENGAGEMENT =
  /^(?:(?:I|We|(?:my|our)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)(?:\s+(?:also|finally|just|actually|officially))?\s+had|(?:I|We|(?:my|our|the)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?|\p{Lu}[\p{L}'’-]+)(?:\s+(?:also|finally|just|actually|officially))?(?:\s+(?:has|have)|'ve\s+got|’ve\s+got|\s+got))\s+(?:a|an|my|our|the|another|two|three|\d+|some)\s+(?:[\p{L}-]+\s+){0,2}(?:show|gig|concert|game|match|race|interview|wedding|party|recital|exam|test|final|appointment|surgery|trip|meeting|tournament|audition|presentation|shoot|tryouts?|conference|deadline|launch|opening|reunion|shower|ceremony|graduation|performance|premiere|marathon|half|10k|5k|showcase|open\s+house|closing|checkup|check-up|ultrasound|scan|hearing|court\s+date|flight|fundraiser|fair|market|signing|reading)s?\b/iu;

/** An appointment said without a verb: "physio on friday", "dentist tomorrow", "my interview next Tuesday". */
export const APPOINTMENT =
  /^(?:(?:my|our|the)\s+)?(?:[\p{L}-]+\s+)?(?:physio|pt|therapy|dentist|doctor|appointment|appt|interview|exam|final|finals|midterm|surgery|checkup|check-up|ultrasound|scan|flight|recital|game|match|race|show|gig|concert|meeting|lesson|practice|rehearsal|tryouts?|audition|court\s+date|hearing|wedding|shower|party|graduation|closing|move|moving\s+day)\s+(?:is\s+)?(?:on\s+|this\s+|next\s+|at\s+)?(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:morning|afternoon|night|evening))?|tomorrow|tonight|the\s+\d{1,2}(?:st|nd|rd|th)|week(?:end)?|month)\b[^,;]{0,30}$/iu;
/** Relationships: "I have a dog named Luna", "My sister is a nurse", "My mom just turned 60". */
export const HAVE =
  /^(?:I|We)(?:'ve|’ve|\s+have|\s+got|\s+have got)\s+(?<rest>(?:a|an|two|three|four|five|\d+)\s+(?:\w+\s+){0,2}(?:dogs?|cats?|pups?|puppy|puppies|kitten|kittens|kids?|children|sons?|daughters?|sisters?|brothers?|siblings?|twins|husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|grandkids?|horse|horses|bird|birds|fish|rabbit|bunny|hamster|parrot|turtle|garden|house|car|bike|boat|band|business|shop|bakery|studio|podcast|blog|channel|youtube channel)\b.*)$/iu;
export const KIN =
  'mom|mum|mother|dad|father|parents|sister|brother|sis|bro|husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|son|daughter|kids|children|baby|grandma|grandmother|grandpa|grandfather|grandparents|granddaughter|grandson|grandkids|grandchildren|grandbaby|stepson|stepdaughter|stepsister|stepbrother|aunt|uncle|cousin|niece|nephew|best friend|bff|roommate|boss|coworker|colleague|manager|teacher|coach|therapist|doctor|landlord|neighbou?r|bestie|friend|team|dog|cat|puppy|kitten|pup|rabbit|bunny|band|choir|crew|hubby|bf|gf|kiddo|kid|in-laws|(?:mother|father|sister|brother)-in-law|stepmom|stepdad|godson|goddaughter|students|class';
export const RELATION = new RegExp(
  String.raw`^(?:(?:My|my|Our|our)\s+(?:(?:little|big|older|younger|oldest|youngest|twin|new|old|baby)\s+)?(?:${KIN})|(?:The|the)\s+(?:kids|baby|babies|twins|dog|dogs|cat|cats|puppy|pup|kitten|boys|girls)|(?:Mom|Dad|Mum|Mama|Papa|Grandma|Grandpa|Nana|Granny|Gramps))(?:\s+\p{Lu}[\p{L}'’-]+)?(?:\s+(?:from|at)(?:\s+[\p{L}'’-]+){1,3}?)?(?:\s+and\s+(?:her|his|their|my)\s+[\p{L}'’]+)?(?:['’]s(?=\s+(?:(?:just|finally|also|officially|still|now|actually)\s+)?[\p{L}]{2,}ing\b(?!\s+(?:is|was|are|were|has|had)\b)|\s+(?:back|home|here|moving|coming|retiring|pregnant|engaged|getting)\b)|\s+(?:is|are|was|were|just|finally|recently|got|started|starts|loves|has|had|turned|works|lives|moved|passed|graduated|joined|won|made|came|visited|adopted|bought|took|retired|retires|left|quit|arrived|arrives|visits|gets|died|broke|found|finished|finishes|surprised|taught|gave|sent|showed|helped|proposed|planned|booked|cooked|baked|drove|plays|coaches|teaches|studies|speaks|runs|owns|writes|sings|dances|paints|swims|rides|volunteers|competes|manages|builds))\b(?<rest>.*)$`,
  'u',
);
/** The name of a pet or person the speaker just showed or mentioned: "her name is Biscuit", "his name's Mango". */
export const THEIR_NAME =
  /^(?:[Hh]is|[Hh]er|[Tt]heir)\s+name(?:'s|’s|\s+is)\s+(?:actually\s+|officially\s+)?(?<name>\p{Lu}[\p{L}'’-]+)\b(?<rest>.*)$/u;
/** Who the speaker is: "I'm a nurse", "I work as a barista", "I grew up in Ohio", "I'm 34". */
/** A state of the speaker's: "I'm allergic to shellfish", "I'm pregnant", "I'm vegetarian since college". */
export const STATE =
  /^(?:I(?:'m|’m|\s+am)|[Ww]e(?:'re|’re|\s+are))(?:\s+(?:now|still|officially|also|severely|super|very|really|deathly|kinda|technically))*\s+(?:allergic\s+to\s+\S+|(?:lactose|gluten)[\s-]intolerant|intolerant\s+to\s+\S+|diabetic|celiac|coeliac|pregnant|vegetarian|vegan|pescatarian|sober|engaged|married|divorced|widowed|retired|unemployed|self-employed|left-handed|colou?r-?blind|deaf|autistic|dyslexic|epileptic|asthmatic|immunocompromised|expecting(?=[\s!.…]*$|\s+(?:a\s+(?:baby|boy|girl)|twins|our|my|in\s|again)))\b(?!\s+(?:to\s+(?:my|the|this|that|it|work)\b|from\s+[\p{L}]+ing\b))/iu;
/** What the speaker does week in, week out: "I teach third grade", "I work nights at a bakery", "I coach my daughter's soccer team". */
/** Where the speaker is week in, week out: "I'm at the studio three nights a week", "we're at the lake every summer". */
export const AT_REGULARLY =
  /^(?:I(?:'m|’m|\s+am)|[Ww]e(?:'re|’re|\s+are))(?:\s+(?:now|basically|usually|still|also))*\s+at\s+(?:the\s+|my\s+|our\s+)?(?!work\b|school\b|home\b)[\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2}?\s+(?:every\s+(?:day|night|morning|weekend|week|summer|winter|sunday|saturday|monday|tuesday|wednesday|thursday|friday)|(?:\w+|\d+)\s+(?:times|nights|days|mornings|evenings)\s+(?:a|per)\s+week|on\s+(?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays))\b/u;
export const HABIT =
  /^I(?:\s+(?:also|still|now|currently|usually|mostly|actually))?\s+(?:work|teach|coach|volunteer|own|manage|tutor|babysit|mentor|nanny|organi[sz]e|write\s+for|play\s+(?:in|for|on)|sing\s+in|study|speak)\b(?!\s+(?:myself|yourself|ourselves|it|that|this)\b)(?<rest>.*)$/iu;
export const IDENTITY =
  /^I(?:'m|’m|\s+am)\s+(?:not\s+|such\s+|totally\s+|definitely\s+|really\s+not\s+|so\s+not\s+|more\s+of\s+)?(?:a|an)\s+(?:(?:huge|big|total|real)\s+)?(?<person>(?:dog|cat|morning|night|people|beach|mountain|coffee|tea|book|plant|winter|summer|city|outdoors|indoor|outdoor|homebody|early\s+bird)\s+person|night\s+owl|early\s+bird|homebody)\b.*$|^I(?:'m|’m|\s+am)\s+the\s+(?:oldest|youngest|middle|only|eldest)\s+(?:of\s+(?:\w+|\d+)|child|kid|one|girl|boy|daughter|son|sibling)\b.*$|^I(?:'m|’m|\s+am)\s+(?:now\s+|currently\s+|still\s+)?(?:a|an)\s+(?<rest>(?:[\p{L}-]+\s+){0,3}(?:nurse|teacher|engineer|developer|designer|student|doctor|artist|painter|writer|musician|photographer|chef|baker|mom|mother|dad|father|lawyer|accountant|counselor|counsellor|therapist|athlete|runner|coach|volunteer|veteran|vegetarian|vegan|barista|firefighter|pilot|scientist|researcher|freelancer|entrepreneur|manager|consultant|architect|carpenter|mechanic|electrician|dancer|singer|actor|actress|player|gamer|programmer|intern|retiree|grandma|grandpa|single mom|single dad|introvert|extrovert|morning person|night owl)\b.*)$|^I\s+(?:work|worked)\s+as\s+(?:a|an)\s+(?<work>.+)$|^I\s+(?:grew up|was born|was raised)\s+in\s+(?<place>.+)$|^I(?:'m|’m|\s+am)\s+(?:officially|now|finally)\s+(?:a|an)\s+(?<became>[\p{L}-]{4,}(?:\s+[\p{L}-]+){0,2})$|^I(?:'m|’m|\s+am)\s+(?<age>\d{1,2})(?:\s+years\s+old)?\b.*$|^I(?:'m|’m|\s+am)\s+(?:originally\s+)?from\s+(?<from>\p{Lu}.+)$|^I(?:'m|’m|\s+am)\s+(?:studying|majoring in)\s+(?<study>.+)$/iu;

export const objectOk = (rest: string | undefined): boolean => {
  const words = contentWords(rest ?? '');
  if (words.length === 0) return false;
  // An object that is a pronoun or a "how/that" clause about the other speaker.
  return !/^\s*(?:it|that|this|you|them|him|her|those|these|how|what|your|ya|u)\b/iu.test(rest ?? '');
};

/** An event's object: content beyond a pronoun ("took her to the beach", not "did it", "loved that"). */
/** When something happened: not what happened ("I called on Thursday" says no more than "I called"). */
export const TIME_WORDS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|yesterday|today|tonight|tomorrow|week|weekend|month|year|morning|afternoon|evening|night|january|february|march|april|june|july|august|september|october|november|december|ago|earlier|later|soon|first|last|next|past|times?)$/iu;

/** What happened to the speaker: "I got cut", "we got engaged", "I got laid off". */
const GOT_DONE =
  /^\s*(?:cut|fired|laid\s+off|let\s+go|promoted|hired|married|engaged|divorced|accepted|rejected|waitlisted|drafted|traded|picked|chosen|selected|elected|certified|vaccinated|diagnosed\b.*|into\s+\S.*|in\s+(?:to\s+)?\p{Lu}.*|(?:a|an|the|my|our)\s+(?:new\s+)?(?:job|promotion|raise|offer|part|role|lead|scholarship|grant|apartment|place|house|loan|visa|green\s+card|internship|position|contract|spot|puppy|dog|cat|kitten|car|tattoo)\b.*)\s*$/iu;
/** A time the sentence names: a past event with one thing done then is an event ("made pozole last night"). */
export const DATED =
  /\b(?:yesterday|last\s+(?:night|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|this\s+(?:morning|afternoon|weekend|week|past\s+week)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\d+\s+(?:days?|weeks?|months?|years?)\s+ago|a\s+(?:few\s+)?(?:days?|weeks?|months?)\s+ago)\b/iu;
/** What a day felt like, not what was done: "I had fun last night", "I did great yesterday". */
const NOT_A_THING =
  /^(?:fun|great|good|bad|well|badly|ok|okay|fine|nothing|blast|time|day|night|sleep|rest|much|enough|best|worst|lunch|dinner|breakfast|coffee|food|late|early|hard|overtime)$/iu;

/** "went to bed early", "got home late": the day's routine, not an event. */
export const ROUTINE =
  /^\s*(?:to\s+)?(?:bed|sleep|work|school|class|the\s+gym|the\s+store|home|up|a\s+(?:nap|shower|bath|break|walk))\b(?:[\s,]+(?:early|late|now|again|finally|already|lol|haha|tonight|today|last\s+night|at\s+\d+\S*))*[\s!.…]*$/iu;

export const eventObjectOk = (rest: string | undefined, verb = ''): boolean => {
  if (ROUTINE.test(rest ?? '')) return false;
  // "today I learned that octopuses have three hearts", "I tried to call you": something known or attempted, not done.
  if (
    /^(?:learned|learnt|found|heard|read|saw|realized|realised|noticed|discovered)$/iu.test(verb) &&
    /^\s*(?:out\s+)?(?:that|how|what|why|when|where|whether|if)\b/iu.test(rest ?? '')
  )
    return false;
  if (/^tried$/iu.test(verb) && /^\s*to\s/iu.test(rest ?? '')) return false;
  if (/^got$/iu.test(verb) && GOT_DONE.test(rest ?? '')) return true;
  // "I got big news", "we got some news": an announcement, not what happened.
  if (/^\s*(?:(?:some|big|huge|great|good|bad|exciting|the)\s+)*(?:news|update|updates)\b/iu.test(rest ?? ''))
    return false;
  // "I made it to the finals", "we made it into the playoffs".
  if (/^made$/iu.test(verb) && /^\s*it\s+(?:to|into|onto|through)\s+\S/iu.test(rest ?? ''))
    return (
      contentWords((rest ?? '').replace(/^\s*it\s+\S+/u, '')).filter((w) => !TIME_WORDS.test(w)).length >= 1
    );
  // "I saw the tweet", "got your message": a message read, not something done in the speaker's life.
  if (
    /^(?:saw|seen|read|heard|got|received|watched|checked)$/iu.test(verb) &&
    /^\s*(?:(?:the|your|ur|his|her|their|that|this|a|an|ya|all|those|these)\s+)?(?:[\p{L}]+\s+)?(?:tweets?|posts?|texts?|messages?|msgs?|emails?|dms?|stor(?:y|ies)|pics?|photos?|videos?|vids?|news|updates?|announcements?|comments?|voice\s*(?:note|memo|message)s?|reels?|tiktoks?)\b/iu.test(
      rest ?? '',
    )
  )
    return false;
  // "I've had a long day", "we had a blast": how a time went, not an event.
  if (
    /^had$/iu.test(verb) &&
    /^\s*(?:a|an|the|such\s+a|some|the\s+best|the\s+worst)\s+(?:[\p{L}]+\s+){0,2}?(?:day|night|week|time|morning|evening|weekend|year|month|blast|feeling|moment|laugh|chat|talk|one|idea|sleep|nap|dream|nightmare|craving|thought|headache)\b/iu.test(
      rest ?? '',
    )
  )
    return false;
  // "we named him Oliver", "I called her Bea": a name given.
  if (
    /^(?:named|renamed|nicknamed|called)$/iu.test(verb) &&
    /^\s*(?:him|her|them|it)\s+\p{Lu}[\p{L}'’-]+/u.test(rest ?? '') &&
    !TIME_WORDS.test(/^\s*\S+\s+([\p{L}'’-]+)/u.exec(rest ?? '')![1]!)
  )
    return true;
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
  // "made pozole last night" is one thing done then; "had cereal this morning" is a meal.
  const dated =
    words.length === 1 &&
    DATED.test(rest ?? '') &&
    !NOT_A_THING.test(words[0]!) &&
    !/^(?:had|ate|drank)$/iu.test(verb);
  if (objectOk(rest) || indirect)
    return words.length >= 2 || (words.length === 1 && (named || thing || dated));
  return words.length >= 2;
};
