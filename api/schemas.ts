/** zod schemas shared by several routes. */
import { z } from 'zod';

/** Session ids are chosen by agents; keep them printable and bounded (they enter workflow ids). */
export const sessionIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:@-]+$/, 'may contain only letters, digits and . _ : @ -');

export const sessionParamsSchema = z.object({ sessionId: sessionIdSchema });

/** A memory scope's user or agent id, chosen by the agent. */
export const scopeIdSchema = z.string().min(1).max(200);
