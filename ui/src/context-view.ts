/**
 * The exact context the agent receives for a session, on demand: the same `GET
 * /v1/sessions/{id}/context` answer the agent's own read gets (docs/console.md), shown message by
 * message with its estimated tokens against the session's window. Like the agent's read, it
 * counts as a use of the prompt cache when pruning applies.
 */
import { useState } from 'preact/hooks';
import { type Answer, answered } from '../../client/index.js';
import { molt } from './api.js';
import { ErrorBox, html, num, pct, useAction } from './ui.js';

type Context = Answer<'/v1/sessions/{sessionId}/context', 'get', 200>;

/** A message's text parts as text, anything else (tool calls, results, images) as its JSON. */
function partsOf(content: unknown): Array<{ kind: string; text: string }> {
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  if (Array.isArray(content)) {
    return content.map((part) => {
      const p = part as { type?: unknown; text?: unknown };
      if (p && typeof p.text === 'string' && (p.type === 'text' || p.type === undefined)) {
        return { kind: 'text', text: p.text };
      }
      return { kind: String(p?.type ?? 'part'), text: JSON.stringify(part, null, 2) };
    });
  }
  return [{ kind: 'json', text: JSON.stringify(content, null, 2) }];
}

function Message({ message, index }: { message: unknown; index: number }) {
  const m = (message ?? {}) as { role?: unknown; content?: unknown };
  const role = typeof m.role === 'string' ? m.role : 'message';
  return html`<li class=${`context-message ${role}`} data-index=${index}>
    <div class="context-role">${role}</div>
    ${partsOf(m.content).map(
      (part) =>
        html`<pre class=${`context-part ${part.kind}`}>${part.kind !== 'text' ? html`<span class="part-kind">${part.kind}</span>\n` : null}${part.text}</pre>`,
    )}
  </li>`;
}

export function ContextView({
  sessionId,
  contextWindowTokens,
}: {
  sessionId: string;
  contextWindowTokens: number;
}) {
  const [context, setContext] = useState<Context | undefined>(undefined);
  const action = useAction();
  const load = () =>
    action.run(async () => {
      setContext(
        await answered(
          molt().api.GET('/v1/sessions/{sessionId}/context', { params: { path: { sessionId } } }),
        ),
      );
      return undefined;
    });
  const ratio = context && contextWindowTokens > 0 ? context.estimatedTokens / contextWindowTokens : 0;
  return html`<section class="panel context-view">
    <h2>The context the agent receives</h2>
    <p>Exactly what <code>GET /v1/sessions/{id}/context</code> answers the agent now: the memory block, the summary in force and the live messages after pruning.</p>
    <button class="show-context" disabled=${action.busy} onClick=${load}>${context ? 'Read it again' : 'Show the context'}</button>
    <${ErrorBox} error=${action.error} />
    ${
      context
        ? html`<div>
            <p class="context-tokens" data-tokens=${context.estimatedTokens} data-window=${contextWindowTokens}>
              <strong>${num(context.estimatedTokens)}</strong> of ${num(contextWindowTokens)} tokens (${pct(ratio)} of the window)
              · ${num(context.messages.length)} messages · seq ${context.boundarySeq + 1}–${context.lastSeq} live
              ${context.pruned.softTrimmed + context.pruned.hardCleared > 0 ? ` · pruned ${context.pruned.softTrimmed} trimmed, ${context.pruned.hardCleared} cleared` : ''}
            </p>
            ${
              context.systemPromptAddition
                ? html`<details class="context-system"><summary>System prompt addition (memories and skills)</summary><pre>${context.systemPromptAddition}</pre></details>`
                : null
            }
            <ol class="context-messages">${context.messages.map((m, i) => html`<${Message} message=${m} index=${i} />`)}</ol>
            <details><summary>The answer as JSON</summary><pre class="context-json">${JSON.stringify(context, null, 2)}</pre></details>
          </div>`
        : null
    }
  </section>`;
}
