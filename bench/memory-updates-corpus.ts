/**
 * The planted change-of-mind corpus (issue 20): short histories of one user telling molt things
 * across sessions — preferences, facts with values, dates, negations, a return to an earlier
 * choice, plain repeats and unrelated look-alikes — in English and Chinese (some Japanese). Each
 * step is one user message and the decision the store should make for it.
 *
 * `TUNED` is the part the rules were developed against. `HELD_OUT` was written in the same
 * sitting, before any run, in other phrasings, and never used to change a rule: its accuracy is the
 * honest figure.
 */
import type { UpdateAction } from '../context/memory/update.js';

export interface UpdateStep {
  say: string;
  expect: UpdateAction;
}

export interface UpdateCase {
  id: string;
  steps: UpdateStep[];
}

const s = (say: string, expect: UpdateAction): UpdateStep => ({ say, expect });

export const TUNED: UpdateCase[] = [
  {
    id: 'tabs-spaces',
    steps: [
      s('Remember that I prefer tabs over spaces.', 'add'),
      s('Remember: I prefer spaces over tabs now.', 'supersede'),
    ],
  },
  {
    id: 'tabs-return',
    steps: [
      s('I prefer tabs over spaces.', 'add'),
      s('I prefer spaces over tabs now.', 'supersede'),
      s('Actually I prefer tabs over spaces again.', 'supersede'),
    ],
  },
  {
    id: 'editor-value',
    steps: [s('Remember that my editor is Vim.', 'add'), s('My editor is now Helix.', 'supersede')],
  },
  {
    id: 'email-value',
    steps: [
      s('My work email is ana@old.example.com', 'add'),
      s('Remember that my work email is ana@new.example.com now.', 'supersede'),
    ],
  },
  {
    id: 'semicolons-flip',
    steps: [
      s('Always use semicolons in TypeScript.', 'add'),
      s('Never use semicolons in TypeScript.', 'supersede'),
    ],
  },
  {
    id: 'deadline-date',
    steps: [
      s('Remember that the release deadline is March 3.', 'add'),
      s('Remember that the release deadline moved to March 10.', 'supersede'),
    ],
  },
  {
    id: 'repeat',
    steps: [
      s('Remember that my cat is called Miso.', 'add'),
      s('remember that my cat is called Miso', 'duplicate'),
      s('Please remember that my cat is called Miso!', 'duplicate'),
    ],
  },
  {
    id: 'two-pets',
    steps: [s('Remember that my dog is called Rex.', 'add'), s('Remember that my cat is called Rex.', 'add')],
  },
  {
    id: 'same-pref-reworded',
    steps: [
      s('I prefer dark mode over light mode.', 'add'),
      s('Remember that I prefer dark mode to light mode.', 'duplicate'),
    ],
  },
  {
    id: 'zh-tabs',
    steps: [s('请记住我更喜欢用Tab而不是空格。', 'add'), s('比起Tab，我现在更喜欢空格。', 'supersede')],
  },
  {
    id: 'zh-email',
    steps: [s('记住我的邮箱是 li@old.cn', 'add'), s('我的邮箱现在是 li@new.cn', 'supersede')],
  },
  {
    id: 'zh-always-never',
    steps: [s('请记住总是用中文回复我。', 'add'), s('以后不要用中文回复我。', 'supersede')],
  },
  {
    id: 'zh-repeat',
    steps: [s('请记住我住在上海。', 'add'), s('记住我住在上海', 'duplicate')],
  },
  {
    id: 'switched',
    steps: [s('I prefer Vim over Emacs.', 'add'), s("I've switched from Vim to Emacs.", 'supersede')],
  },
  {
    id: 'negation-like',
    steps: [
      s('Remember that I like cilantro.', 'add'),
      s("Remember that I don't like cilantro anymore.", 'supersede'),
    ],
  },
  {
    id: 'unrelated-lookalike',
    steps: [
      s('Remember that the staging database is on port 5433.', 'add'),
      s('Remember that the staging cache is on port 6380.', 'add'),
    ],
  },
];

export const HELD_OUT: UpdateCase[] = [
  {
    id: 'quotes',
    steps: [
      s('Please remember I prefer single quotes over double quotes.', 'add'),
      s('Remember that I prefer double quotes over single quotes now.', 'supersede'),
    ],
  },
  {
    id: 'shell',
    steps: [
      s('Remember that my shell is bash.', 'add'),
      s('My shell is now zsh.', 'supersede'),
      s('My shell is now bash again.', 'supersede'),
    ],
  },
  {
    id: 'timezone',
    steps: [s('My timezone is UTC+1', 'add'), s('Remember that my timezone is UTC-5 now.', 'supersede')],
  },
  {
    id: 'tests-first',
    steps: [
      s('Always run the tests before committing.', 'add'),
      s('Always run the tests before committing.', 'duplicate'),
      s('Never run the tests before committing.', 'supersede'),
    ],
  },
  {
    id: 'meeting',
    steps: [
      s('Remember that the design review is on Tuesday.', 'add'),
      s('Remember that the design review moved to Thursday.', 'supersede'),
    ],
  },
  {
    id: 'db-choice',
    steps: [
      s('I prefer PostgreSQL over MySQL.', 'add'),
      s('I prefer MySQL over PostgreSQL now.', 'supersede'),
      s('I prefer PostgreSQL over MySQL again.', 'supersede'),
    ],
  },
  {
    id: 'city',
    steps: [
      s('Remember that I live in Berlin.', 'add'),
      s('Remember that I live in Lisbon now.', 'supersede'),
    ],
  },
  {
    id: 'two-repos',
    steps: [
      s('Remember that the frontend repo is on GitLab.', 'add'),
      s('Remember that the backend repo is on GitHub.', 'add'),
    ],
  },
  {
    id: 'coffee',
    steps: [s('Remember that I like espresso.', 'add'), s('Remember that I like espresso.', 'duplicate')],
  },
  {
    id: 'zh-editor',
    steps: [s('记住我的编辑器是Vim。', 'add'), s('我的编辑器改成了VS Code。', 'supersede')],
  },
  {
    id: 'zh-language',
    steps: [s('请记住我更喜欢Python而不是Java。', 'add'), s('比起Python，我现在更喜欢Java。', 'supersede')],
  },
  {
    id: 'zh-date',
    steps: [s('请记住项目截止日期是五月一日。', 'add'), s('请记住项目截止日期改到了五月八日。', 'supersede')],
  },
  {
    id: 'zh-never-always',
    steps: [s('以后不要在代码里写注释。', 'add'), s('请记住总是在代码里写注释。', 'supersede')],
  },
  {
    id: 'ja-hobby',
    steps: [s('私の趣味は釣りですことを覚えて', 'add'), s('私の趣味は今は登山ですことを覚えて', 'supersede')],
  },
  {
    id: 'dont-ask',
    steps: [
      s("Don't ask me to confirm deletions again.", 'add'),
      s("don't ask me to confirm deletions again", 'duplicate'),
    ],
  },
  {
    id: 'phone',
    steps: [s('My phone number is +1-555-0100', 'add'), s('My phone number is +1-555-0199', 'supersede')],
  },
];
