/** What the adapters' schemas share: the formats, and `string | Block[]` with precise errors. */

import { z } from 'zod';

export const MESSAGE_FORMATS = ['openclaw', 'anthropic', 'openai'] as const;
export const messageFormatSchema = z.enum(MESSAGE_FORMATS);
export type MessageFormat = z.infer<typeof messageFormatSchema>;

/**
 * `string | Block[]` with precise errors: a plain `z.union` reports only "Invalid input" at
 * `content`; this reports the failing block field (`content.2.source.type`). A refinement, not a
 * transform, so the schema still converts to JSON Schema (OpenAPI) for requests and responses.
 */
export function stringOrBlocks<T extends z.ZodType>(blocks: T, description: string) {
  const schema = z
    .union([z.string(), z.array(z.unknown())], { error: 'Expected a string or an array of content blocks' })
    .superRefine((value, ctx) => {
      if (typeof value === 'string') return;
      const parsed = blocks.safeParse(value);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue(issue as never);
    })
    .meta({ description });
  // The refinement parses every array with `blocks`, so what passes is a string or `blocks`'s
  // output; zod cannot infer that through a refinement, hence the one annotation.
  return schema as z.ZodType<string | z.output<T>, string | z.input<T>>;
}
