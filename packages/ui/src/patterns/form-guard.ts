import { createContext, useContext } from 'react';

/**
 * What a surrounding `<Form>` tells a navigation guard: whether leaving now would drop typed text.
 * A function, read at the moment someone tries to leave, so a save that navigates on success is
 * never stopped by the form it just saved.
 */
export interface FormLeaveCheck {
  hasUnsavedChanges: () => boolean;
}

export const FormLeaveContext = /* @__PURE__ */ createContext<FormLeaveCheck | null>(null);

/** The surrounding `<Form>`'s leave check, or null outside a form. */
export function useFormLeaveCheck(): FormLeaveCheck | null {
  return useContext(FormLeaveContext);
}
