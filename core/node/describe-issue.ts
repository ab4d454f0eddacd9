import type { z } from 'zod';

/** One line of a configuration error: the variable, what it takes, and what was given (unless `unshown`). */
export function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv, unshown: ReadonlySet<string>): string {
  const name = issue.path.join('.');
  const value = env[name];
  const shown = value === undefined || unshown.has(name) ? '' : ` (got "${value.length > 80 ? `${value.slice(0, 80)}…` : value}")`;
  return `${name}: ${issue.message}${shown}`;
}
