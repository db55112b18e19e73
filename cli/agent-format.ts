/** The agent CLI's answers on a terminal (a person trying it out); JSON everywhere else. */

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = Record<string, any>;

const memoryLine = (m: Json) =>
  m.kind === 'episode'
    ? `  ${m.id}  episode  ${m.speaker} at ${m.occurredAt} (session ${m.sessionId} #${m.seq})${m.score !== undefined ? `  score ${m.score}` : ''}\n    ${m.content}`
    : `  ${m.id}  ${m.type}${m.category ? `/${m.category}` : ''}  p${m.priority}${m.score !== undefined ? `  score ${m.score}` : ''}\n    ${m.content}`;

export function renderAgentAnswer(command: string, answer: Json): string {
  switch (command) {
    case 'remember':
      return `${answer.duplicate ? 'already remembered' : 'remembered'}:\n${memoryLine(answer.memory)}`;
    case 'search':
      return answer.memories.length === 0
        ? `no memory matches ${JSON.stringify(answer.query)}`
        : `${answer.memories.length} for ${JSON.stringify(answer.query)}:\n${answer.memories.map(memoryLine).join('\n')}`;
    case 'ls': {
      const who = answer.scope.userId ? `user ${answer.scope.userId}` : `agent ${answer.scope.agentId}`;
      const lines = [`${answer.total} memories for ${who}${answer.truncated ? ' (more not read)' : ''}`];
      for (const dir of answer.directories) {
        const categories = Object.entries(dir.categories as Record<string, number>)
          .map(([name, n]) => `${name} ${n}`)
          .join(', ');
        lines.push(`${dir.path}  ${dir.count}${categories ? `  (${categories})` : ''}`);
        for (const m of dir.newest) lines.push(`  - ${m.content}`);
      }
      return lines.join('\n');
    }
    case 'history': {
      const s = answer.session;
      const lines = [
        `session ${s.id}: ${s.messages} messages, ${s.tokens} tokens; live after seq ${s.boundarySeq} (${s.liveTokens} of ${s.contextWindowTokens} tokens); ${s.compactions.total} compactions`,
      ];
      if (answer.summary) lines.push('', 'summary of the compacted part:', answer.summary.text);
      if (answer.restoredFiles.length > 0) {
        lines.push('', 'key files restored after it:');
        for (const f of answer.restoredFiles) lines.push(`  ${f.path} (${f.operation} at seq ${f.seq})`);
      }
      return lines.join('\n');
    }
    case 'expand':
      return [
        `session ${answer.sessionId}, seqs ${answer.fromSeq}–${answer.toSeq}${answer.nextAfterSeq !== null ? ` (more after ${answer.nextAfterSeq})` : ''}:`,
        ...answer.messages.map(
          (m: Json) =>
            `  #${m.seq} ${m.speaker} (${m.occurredAt})${m.clipped ? ' [clipped]' : ''}: ${JSON.stringify(m.message.content)}`,
        ),
      ].join('\n');
    default:
      return JSON.stringify(answer, null, 2);
  }
}
