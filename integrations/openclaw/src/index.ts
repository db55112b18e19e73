/**
 * The OpenClaw plugin entry: registers the `molt` context engine and molt's memory tools
 * (tools.ts). `register` may run several times and factories may run during read-only discovery,
 * so neither does anything but build objects.
 */

import { errorText } from '../../../context/error-text.js';
import { parsePluginConfig } from './config.js';
import { createMoltEngine, ENGINE_ID, type Logger, moltClients, moltSessionId } from './engine.js';
import { MEMORY_TOOL_NAMES, memoryAgentTools } from './tools.js';
import { createTrace } from './trace.js';

/** The slice of OpenClaw's plugin API the plugin uses (openclaw/plugin-sdk's OpenClawPluginApi). */
export interface PluginApi {
  pluginConfig?: Record<string, unknown>;
  logger: Logger;
  registerContextEngine(id: string, factory: () => unknown): void;
  registerTool(
    factory: (ctx: { sessionId?: string; sessionKey?: string; agentId?: string }) => unknown,
    opts?: { names?: string[]; optional?: boolean },
  ): void;
}

export default {
  id: 'molt',
  name: 'molt',
  description: 'molt as the context engine: durable transcripts, compaction, overflow recovery and memory.',
  register(api: PluginApi) {
    let config: ReturnType<typeof parsePluginConfig>;
    try {
      config = parsePluginConfig(api.pluginConfig);
    } catch (error) {
      // No engine without a usable config: OpenClaw reports the missing slot engine and goes on.
      api.logger.error(`[molt] not registered: ${errorText(error)}`);
      return;
    }
    api.registerContextEngine(ENGINE_ID, () => createMoltEngine(config, api.logger));
    if (!config.memoryTools) return;
    // Built per run; the session scopes every call (molt applies its user and agent).
    api.registerTool(
      (ctx) => {
        const trace = createTrace();
        const sessionId = ctx.sessionId ? moltSessionId(ctx.sessionId) : undefined;
        const tools = memoryAgentTools(moltClients(config).fast, sessionId, (tool, outcome) =>
          trace(tool, { sessionId: ctx.sessionId, sessionKey: ctx.sessionKey }, { outcome }),
        );
        return tools.length > 0 ? tools : null;
      },
      { names: MEMORY_TOOL_NAMES },
    );
  },
};
