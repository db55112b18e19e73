import { describe, expect, it } from 'vitest';
import {
  extractWorkspaceRules,
  formatWorkspaceRulesSection,
  WORKSPACE_RULES_MAX_CHARS,
} from '../../context/index.js';

const AGENTS_MD = [
  '# Agents',
  'Intro text.',
  '## Session Startup',
  'Read MEMORY.md first.',
  '### Details',
  'Then read context.md.',
  '## Style',
  'Be terse.',
  '## Red Lines',
  'Never push to main.',
  '```md',
  '## Not a heading',
  '```',
  'Never delete data.',
].join('\n');

describe('extractWorkspaceRules', () => {
  it('takes the "Session Startup" and "Red Lines" sections with their subsections', () => {
    expect(extractWorkspaceRules(AGENTS_MD)).toBe(
      [
        '## Session Startup',
        'Read MEMORY.md first.',
        '### Details',
        'Then read context.md.',
        '',
        '## Red Lines',
        'Never push to main.',
        '```md',
        '## Not a heading',
        '```',
        'Never delete data.',
      ].join('\n'),
    );
  });

  it('matches the section titles case-insensitively', () => {
    expect(extractWorkspaceRules('## red lines\nNo force pushes.')).toBe('## red lines\nNo force pushes.');
  });

  it('is empty when the file is missing or has neither section', () => {
    expect(extractWorkspaceRules(undefined)).toBe('');
    expect(extractWorkspaceRules('## Style\nBe terse.')).toBe('');
  });

  it('caps the rules at 2000 chars with a truncation marker', () => {
    const rules = extractWorkspaceRules(`## Red Lines\n${'x'.repeat(5000)}`);
    expect(rules).toHaveLength(WORKSPACE_RULES_MAX_CHARS);
    expect(rules.endsWith('...[truncated]...')).toBe(true);
  });
});

describe('formatWorkspaceRulesSection', () => {
  it('wraps the rules in <workspace-critical-rules>', () => {
    expect(formatWorkspaceRulesSection('## Red Lines\nNo.')).toBe(
      '<workspace-critical-rules>\n## Red Lines\nNo.\n</workspace-critical-rules>',
    );
  });

  it('is empty without rules', () => {
    expect(formatWorkspaceRulesSection('  ')).toBe('');
  });
});
