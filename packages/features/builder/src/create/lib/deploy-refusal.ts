// A refused deploy arrives as an AppforgeError whose details carry the validator's problems
// (deploy-app answers 422 invalid_version with {problems}). Details are outside input: checked.
import { z } from 'zod';
import type { DeployRefusal } from '../components/DeployPanel';

const problemsSchema = z.object({
  problems: z.array(
    z.object({
      stepId: z.string().nullable().optional(),
      field: z.string(),
      message: z.string(),
    }),
  ),
});

/** The refusal to show, or null when the error is not a refusal with problems. */
export function deployRefusalOf(error: { readonly message: string; readonly details?: unknown } | null): DeployRefusal | null {
  if (error === null) return null;
  const parsed = problemsSchema.safeParse(error.details);
  if (!parsed.success || parsed.data.problems.length === 0) return null;
  return {
    message: 'This version cannot be deployed yet. Fix these problems, then deploy again.',
    problems: parsed.data.problems.map((problem) => ({ stepId: problem.stepId ?? null, field: problem.field, message: problem.message })),
  };
}
