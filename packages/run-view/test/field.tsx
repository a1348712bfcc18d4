// Test and story helpers: input fields built through the engine's own parser (so every field has
// the defaults a real one has), and a presentational component alone in a memory router.
import { parseAppSpec } from '@appforge/engine';
import type { InputField } from '@appforge/engine';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** One input field with the engine's defaults applied (e.g. a file field's maxBytes). */
export function field(input: { type: InputField['type']; name: string; label: string; [key: string]: unknown }): InputField {
  const parsed = parseAppSpec({ entryStepId: 'a', steps: [{ id: 'a', kind: 'input', title: 'A', config: { fields: [input] } }] });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const step = parsed.value.steps[0];
  if (step?.kind !== 'input' || !step.config.fields[0]) throw new Error(`The field “${input.name}” is not valid.`);
  return step.config.fields[0];
}

/** The stories' name for the same helper. */
export const inputField = field;

/** Renders `element` at `path` in a memory router. */
export function renderInRouter(element: ReactNode, { path = '/here' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
