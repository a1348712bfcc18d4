// @appforge/ui/router: the pieces of the design system that need react-router (a data router).
// Kept apart from the main entry so `@appforge/ui` itself works with any router, or none.
export { UnsavedChangesGuard, useUnsavedChangesGuard } from './UnsavedChangesGuard';
export type { UnsavedChanges, UnsavedChangesGuardProps } from './UnsavedChangesGuard';
