/**
 * Workspace critical rules (docs/engine-rules.md#the-summary): the "Session Startup" and "Red Lines" sections of the
 * agent's AGENTS.md, carried into every summary so compaction never makes the agent forget them.
 * OpenClaw's compaction-safeguard read the file itself; here the caller supplies its text.
 */

/** OpenClaw's MAX_SUMMARY_CONTEXT_CHARS: the rules must not crowd out the summary. */
export const WORKSPACE_RULES_MAX_CHARS = 2_000;
/** Section titles taken from AGENTS.md, matched case-insensitively, in this order. */
export const WORKSPACE_RULE_SECTIONS: readonly string[] = ['Session Startup', 'Red Lines'];
export const WORKSPACE_RULES_TRUNCATION_MARKER = '\n...[truncated]...';
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

interface Heading {
  line: number;
  level: number;
  title: string;
}

function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (marker) {
      fence = fence === null ? marker : fence === marker ? null : fence;
      return;
    }
    if (fence !== null) return;
    const match = HEADING.exec(line);
    if (match) headings.push({ line: index, level: match[1]!.length, title: match[2]!.trim() });
  });
  return headings;
}

/**
 * The wanted sections (heading line included) up to the next heading of the same or a higher level,
 * joined by a blank line and capped at WORKSPACE_RULES_MAX_CHARS; `''` when there are none.
 * Headings inside fenced code blocks are not headings.
 */
export function extractWorkspaceRules(
  agentsMd: string | null | undefined,
  sectionTitles: readonly string[] = WORKSPACE_RULE_SECTIONS,
): string {
  if (typeof agentsMd !== 'string' || agentsMd.trim() === '') return '';
  const lines = agentsMd.split(/\r?\n/);
  const headings = headingsOf(lines);
  const sections: string[] = [];
  for (const title of sectionTitles) {
    const wanted = title.trim().toLowerCase();
    const index = headings.findIndex((heading) => heading.title.toLowerCase() === wanted);
    if (index < 0) continue;
    const start = headings[index]!;
    const end = headings.slice(index + 1).find((heading) => heading.level <= start.level);
    const body = lines
      .slice(start.line, end ? end.line : lines.length)
      .join('\n')
      .trim();
    if (body) sections.push(body);
  }
  const combined = sections.join('\n\n');
  if (combined.length <= WORKSPACE_RULES_MAX_CHARS) return combined;
  return (
    combined.slice(0, WORKSPACE_RULES_MAX_CHARS - WORKSPACE_RULES_TRUNCATION_MARKER.length) +
    WORKSPACE_RULES_TRUNCATION_MARKER
  );
}

/** `<workspace-critical-rules>` around the rules, or `''` when there are none. */
export function formatWorkspaceRulesSection(rules: string): string {
  const trimmed = rules.trim();
  return trimmed ? `<workspace-critical-rules>\n${trimmed}\n</workspace-critical-rules>` : '';
}
