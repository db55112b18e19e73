/**
 * Subject keys (docs/recall-and-updates.md): what a memory is ABOUT and what it SAYS about it,
 * read from its text by rules, so that two statements about one subject meet even when their
 * texts look nothing alike — and two texts that look alike but say opposite things are told
 * apart. "I prefer tabs over spaces" and "I prefer spaces over tabs now" share the subject
 * `cmp:spac|tab` with the values `tab` and `spac`; "my editor is Vim" and "my editor is now
 * Helix" share `attr:editor`; "always use semicolons" and "never use semicolons" share
 * `rule:us semicolon` with `always` and `never`. English and Chinese, some Japanese.
 */

export interface Subject {
  /** The normalised subject: equal keys are statements about the same thing. */
  key: string;
  /** What the statement says about it, normalised: a different value is a change of mind. */
  value: string;
  /** Which rule found it (for the event's reason). */
  kind: 'comparison' | 'attribute' | 'rule' | 'liking';
}

/** Words that carry no subject or value: articles, possessives, fillers of a change of mind. */
const FILLER = new Set(
  'a an the my our your this that these those now actually really still again instead anymore any more from on these days from now please just also too then ok okay so well honestly back after all currently nowadays'.split(
    ' ',
  ),
);

/** A crude English stemmer: "using", "uses", "used" and "use" all become "us"; "spaces" "spac". */
function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length < 3) return word;
  const cut = word.replace(/(?:ing|ed|es|s|e)$/, '');
  return cut.length >= 2 ? cut : word;
}

/** A slot (subject or value) normalised: lower case, fillers dropped, words stemmed, CJK particles trimmed. */
export function normalizeSlot(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}\s@.:/+#-]/gu, ' ')
    .replace(/[.:]+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !FILLER.has(word))
    .map(stem);
  return words
    .join(' ')
    .replace(/^(?:现在|已经|也|都|就|还是|还)+|(?:了|吧|啦|呢|的|现在|了吧|です|だ|よ|ね)+$/gu, '')
    .trim();
}

/** Trailing phrases that mark a change of mind or a time, not part of the value. */
const TAIL =
  /(?:[,，]?\s*(?:now|instead|anymore|any more|again|these days|from now on|after all|actually|going forward|for now|nowadays|today)\s*)+[.!。！]*$/iu;
const clean = (text: string): string =>
  text
    .trim()
    .replace(/[.!?。！？]+$/u, '')
    .replace(TAIL, '')
    .replace(/[.!?。！？,，]+$/u, '')
    .trim();

/** A "for X" / "in X" scope at the end of a compared or used thing: dropped from the value. */
const dropScope = (text: string): string => text.replace(/\s+(?:for|in|when|on)\s+.*$/iu, '');

interface SubjectRule {
  kind: Subject['kind'];
  pattern: RegExp;
  /** Subject and value from the match, raw (normalised by `subjectOf`). */
  read: (m: RegExpMatchArray) => { subject: string; value: string } | null;
}

const compared = (winner: string, loser: string) => {
  const a = normalizeSlot(dropScope(clean(winner)));
  const b = normalizeSlot(dropScope(clean(loser)));
  if (!a || !b || a === b) return null;
  return { subject: [a, b].sort().join('|'), value: a };
};

const RULES: SubjectRule[] = [
  // Comparisons: the pair, unordered, is the subject; the winner is the value.
  {
    kind: 'comparison',
    pattern:
      /\b(?:prefer(?:s|red)?|lik(?:e|es)|lov(?:e|es)|want|choos(?:e|es)|pick|us(?:e|es)|go with)\s+(.+?)\s+(?:over|to|rather than|instead of|more than|better than)\s+(.+)$/iu,
    read: (m) =>
      /^(?:prefer|like|love)/i.test(m[0]) || !/^to$/i.test(m[2] ?? '') ? compared(m[1]!, m[2]!) : null,
  },
  {
    kind: 'comparison',
    pattern:
      /\b(?:switch(?:ed)?|mov(?:e|ed)|chang(?:e|ed)|went|go(?:ing)? back)\s+from\s+(.+?)\s+(?:back\s+)?to\s+(.+)$/iu,
    read: (m) => compared(m[2]!, m[1]!),
  },
  {
    kind: 'comparison',
    pattern:
      /(?:比起|相比于?|与其用?)(.+?)[，,、\s]*(?:我)?(?:现在|还是)?(?:更|宁愿|宁可)?(?:喜欢|偏好|偏爱|想用|用|选)(?:用)?(.+)$/u,
    read: (m) => compared(m[2]!, m[1]!),
  },
  {
    kind: 'comparison',
    pattern:
      /(?:喜欢|偏好|偏爱|倾向于?|选择?|用)(?:用)?(.+?)(?:而不是|而非|胜过|多过|多于|不用|，不要)(?:用)?(.+)$/u,
    read: (m) => compared(m[1]!, m[2]!),
  },
  {
    kind: 'comparison',
    pattern: /从(.+?)(?:换|改|切换|转)(?:回|成|到)+了?(.+)$/u,
    read: (m) => compared(m[2]!, m[1]!),
  },
  {
    kind: 'comparison',
    pattern: /(.+?)より(?:も)?(.+?)(?:の方)?が(?:好き|いい)/u,
    read: (m) => compared(m[2]!, m[1]!),
  },
  // Attributes: "my X is A", "the X moved to A", "I live in A".
  {
    kind: 'attribute',
    pattern:
      /\bmy\s+(?:new\s+|current\s+)?([\p{L}\p{N} '-]{1,40}?)\s+(?:is|are|was|has been|'s)\s+(?:now\s+|still\s+|currently\s+|actually\s+)?(?:called\s+|named\s+|set to\s+)?(no longer\s+)?(.+)$/iu,
    read: (m) => ({ subject: m[1]!, value: `${m[2] ? 'not ' : ''}${clean(m[3]!)}` }),
  },
  {
    kind: 'attribute',
    pattern:
      /\b(?:i(?:'ve| have)?\s+)?(?:chang|switch|mov|updat|set)(?:e|ed|es)?\s+my\s+([\p{L}\p{N} '-]{1,40}?)\s+to\s+(.+)$/iu,
    read: (m) => ({ subject: m[1]!, value: clean(m[2]!) }),
  },
  {
    kind: 'attribute',
    pattern:
      /\b(?:the|our)\s+([\p{L}\p{N} '-]{1,40}?)\s+(?:(?:is|are|was|has been|got|has|had)\s+)?(?:now\s+)?(?:moved|changed|pushed|postponed|rescheduled|set|scheduled|due|is|are)\s+(?:now\s+)?(?:back\s+)?(?:(?:to|for|on|at)\s+)?(.+)$/iu,
    read: (m) => ({ subject: m[1]!, value: clean(m[2]!) }),
  },
  {
    kind: 'attribute',
    pattern: /\bi(?:'m| am)?\s+(?:now\s+)?(?:live|living|based|located|moved)\s+(?:in|to)\s+(.+)$/iu,
    read: (m) => ({ subject: 'home', value: clean(m[1]!) }),
  },
  {
    kind: 'attribute',
    pattern: /\bi(?:'m| am)?\s+(?:now\s+)?(?:work|working)\s+(?:at|for)\s+(.+)$/iu,
    read: (m) => ({ subject: 'employer', value: clean(m[1]!) }),
  },
  {
    kind: 'attribute',
    pattern: /\bi(?:'m| am)?\s+(?:now\s+)?(?:us(?:e|ing))\s+(.+?)\s+(?:for|as)\s+(?:my\s+)?(.+)$/iu,
    read: (m) => ({ subject: `use ${clean(m[2]!)}`, value: m[1]! }),
  },
  {
    kind: 'attribute',
    pattern: /我的(.{1,12}?)(?:现在|已经|其实)?(?:是|叫|改成了?|换成了?|变成了?|改为)(.+)$/u,
    read: (m) => ({ subject: m[1]!, value: clean(m[2]!) }),
  },
  {
    kind: 'attribute',
    pattern:
      /^(?:请记住|记住)?[：:，,\s]*(.{2,12}?)(?:已经|现在)?(?:改到了?|推迟到了?|提前到了?|改成了?|改为|定在了?|在)(.+)$/u,
    read: (m) => (m[1]!.startsWith('我') ? null : { subject: m[1]!, value: clean(m[2]!) }),
  },
  {
    kind: 'attribute',
    pattern: /我(?:现在)?(?:住在|搬到了?)(.+)$/u,
    read: (m) => ({ subject: 'home', value: clean(m[1]!) }),
  },
  {
    kind: 'attribute',
    pattern: /我(?:现在)?在(.+?)(?:工作|上班)/u,
    read: (m) => ({ subject: 'employer', value: clean(m[1]!) }),
  },
  {
    kind: 'attribute',
    pattern: /私の(.{1,12}?)は(?:今は?|もう)?(.+?)(?:です|だ|になりました|に変わりました)?[。！]*$/u,
    read: (m) => ({ subject: m[1]!, value: m[2]! }),
  },
  // Liking: "I like X" against "I don't like X any more".
  {
    kind: 'liking',
    pattern:
      /\bi\s+(?:really\s+|now\s+|actually\s+)?(like|love|enjoy|hate|dislike|don'?t like|do not like|no longer like)\s+(.{2,})$/iu,
    read: (m) => ({
      subject: m[2]!,
      value: /like|love|enjoy/i.test(m[1]!) && !/n'?t|not|no/i.test(m[1]!) ? 'like' : 'dislike',
    }),
  },
  {
    kind: 'liking',
    pattern: /我(?:现在)?(?:很|也|真的)?(不再喜欢|不喜欢|讨厌|喜欢|爱)(.{1,})$/u,
    read: (m) => ({ subject: m[2]!, value: /不|讨厌/.test(m[1]!) ? 'dislike' : 'like' }),
  },
  // Rules: always / never about the same action.
  {
    kind: 'rule',
    pattern: /(?:^|\b)(?:please\s+|you should\s+|make sure (?:to|you)\s+)?(always)\s+(.{3,})$/iu,
    read: (m) => ({ subject: clean(m[2]!), value: 'always' }),
  },
  {
    kind: 'rule',
    pattern:
      /(?:^|\b)(?:please\s+|you should\s+)?(never|don'?t(?: ever)?|do not(?: ever)?|stop|no longer)\s+(?!mind\b)(.{3,})$/iu,
    read: (m) => ({ subject: clean(m[2]!), value: 'never' }),
  },
  {
    kind: 'rule',
    pattern: /(?:永远不要|从不|从来不|绝不|千万别|不要再?|别再?|不再|以后不要|以后别)(.{2,})$/u,
    read: (m) => ({ subject: clean(m[1]!), value: 'never' }),
  },
  {
    kind: 'rule',
    pattern: /(?:总是|永远要?|一定要|每次都要?|始终|务必)(.{2,})$/u,
    read: (m) => ({ subject: clean(m[1]!), value: 'always' }),
  },
];

/** What the statement is about and what it says, or null when no rule reads it. */
export function subjectOf(text: string): Subject | null {
  const sentence = text
    .normalize('NFKC')
    .replace(
      /^\s*(?:(?:please\s+)?remember(?:\s+that)?|note|fyi|update|correction|actually|请记住|记住|注意)[,:：，\s]+/iu,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
  for (const rule of RULES) {
    const match = sentence.match(rule.pattern);
    if (!match) continue;
    const read = rule.read(match);
    if (!read) continue;
    const subject = rule.kind === 'comparison' ? read.subject : normalizeSlot(read.subject);
    const value = rule.kind === 'comparison' ? read.value : normalizeSlot(read.value);
    if (!subject || !value) continue;
    const prefix = { comparison: 'cmp', attribute: 'attr', rule: 'rule', liking: 'like' }[rule.kind];
    return { key: `${prefix}:${subject}`.slice(0, 200), value: value.slice(0, 200), kind: rule.kind };
  }
  return null;
}
