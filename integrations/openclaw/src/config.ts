/** The plugin's config (`plugins.entries.molt.config`), validated with the same rules as openclaw.plugin.json. */
import { z } from 'zod';

export const pluginConfigSchema = z.strictObject({
  apiUrl: z.url(),
  apiKey: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
  agentId: z.string().min(1).optional(),
  recall: z.boolean().default(true),
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
