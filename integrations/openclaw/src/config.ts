/** The plugin's config (`plugins.entries.molt.config`), validated with the same rules as openclaw.plugin.json. */
import { z } from 'zod';

export const pluginConfigSchema = z.strictObject({
  apiUrl: z.url(),
  apiKey: z.string().min(1).optional(),
  /** The molt user of sessions that name no person (and of every session without `usersFromPeers`). */
  userId: z.string().min(1).optional(),
  /** The molt agent of every session; default: the agent OpenClaw's session key names. */
  agentId: z.string().min(1).optional(),
  /** OpenClaw peer (`<channel>:<peer>` or `<peer>`) → molt user, for agents serving several people. */
  users: z.record(z.string().min(1), z.string().min(1)).optional(),
  /** An unmapped direct-message peer becomes molt user `<channel>:<peer>` (default true). */
  usersFromPeers: z.boolean().default(true),
  recall: z.boolean().default(true),
  /** Offer the model search_memories and commit_memory (default true). */
  memoryTools: z.boolean().default(true),
  timeouts: z
    .strictObject({
      requestMs: z.number().int().min(100).default(3_000),
      compactMs: z.number().int().min(1_000).default(120_000),
      downForMs: z.number().int().min(0).default(5_000),
    })
    .prefault({}),
  settings: z.record(z.string(), z.unknown()).optional(),
});

export type PluginConfig = z.infer<typeof pluginConfigSchema>;

/** The config, or an error naming the failing field (OpenClaw checks the manifest schema first). */
export function parsePluginConfig(raw: unknown): PluginConfig {
  const parsed = pluginConfigSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`molt plugin config: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
}
