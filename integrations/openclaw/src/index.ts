/**
 * The OpenClaw plugin entry: registers the `molt` context engine and, when molt serves them, its
 * memory tools. `register` may run several times and factories may run during read-only
 * discovery, so neither does anything but build objects.
 */

import { errorText } from '../../../context/error-text.js';
import { parsePluginConfig } from './config.js';
import { createMoltEngine, ENGINE_ID, type Logger } from './engine.js';
import { memoryAgentTools } from './tools.js';

/** The slice of OpenClaw's plugin API the plugin uses (openclaw/plugin-sdk's OpenClawPluginApi). */
export interface PluginApi {
  pluginConfig?: Record<string, unknown>;
  logger: Logger;
  registerContextEngine(id: string, factory: () => unknown): void;
  registerTool(
    factory: (ctx: { sessionId?: string; agentId?: string }) => unknown,
    opts?: { names?: string[]; optional?: boolean },
  ): void;
}

export default {
  id: 'molt',
  name: 'molt',
  description: 'molt as the context engine: durable transcripts, compaction and overflow recovery.',
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
    api.registerTool(
      (ctx) => {
        const tools = memoryAgentTools({
          ...(config.userId ? { userId: config.userId } : {}),
          ...((config.agentId ?? ctx.agentId) ? { agentId: config.agentId ?? ctx.agentId } : {}),
          ...(ctx.sessionId ? { sessionId: ctx.sessionId } : {}),
        });
        return tools.length > 0 ? tools : null;
      },
      { names: ['search_memories', 'commit_memory'], optional: true },
    );
  },
};
