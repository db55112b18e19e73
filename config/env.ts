/**
 * Reading the environment, one way (issue 29: five places parsed it their own way): a variable set
 * to the empty string counts as unset (`VAR= molt dev` falls back to the default), and a schema's
 * failures are reported together, one `  NAME: what is wrong` line each, never the value.
 */
import type { z } from 'zod';

/** An environment variable set to '' is unset (the schema's default or `optional()` applies). */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The environment parsed by `schema`; `fail` builds the error from the report of every failing variable. */
export function parseEnv<T>(
  schema: z.ZodType<T>,
  env: NodeJS.ProcessEnv,
  fail: (report: string, issues: readonly z.core.$ZodIssue[]) => Error,
): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw fail(`invalid configuration:\n${lines.join('\n')}`, parsed.error.issues);
}
