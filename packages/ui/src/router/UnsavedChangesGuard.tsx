import { useCallback, useContext, useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { useFormLeaveCheck } from '../patterns/form-guard';
import { UnsavedChangesDialog } from '../patterns/UnsavedChangesDialog';

/** True, or a function read at the moment someone tries to leave. */
export type UnsavedChanges = boolean | (() => boolean);

function read(unsaved: UnsavedChanges): boolean {
  return typeof unsaved === 'function' ? unsaved() : unsaved;
}

/**
 * Asks "Leave without saving?" before an in-app navigation (react-router's `useBlocker`, which
 * needs a data router) drops typed text, and lets the browser warn when the tab is closed or
 * reloaded. Returns the dialog to render. A navigation that only changes the hash is let through.
 */
/** Lets the browser warn before the tab is closed or reloaded while `unsaved` holds. */
function useWarnOnTabClose(unsaved: UnsavedChanges): void {
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  const warnOnClose = typeof unsaved === 'function' ? true : unsaved;
  useEffect(() => {
    if (!warnOnClose) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (!read(latest.current)) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [warnOnClose]);
}

export function useUnsavedChangesGuard(unsaved: UnsavedChanges): ReactElement {
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      read(latest.current) && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // Set by "Leave": the dialog closing afterwards must not also "Stay".
  const leaving = useRef(false);
  useEffect(() => {
    if (blocker.state === 'unblocked') leaving.current = false;
  }, [blocker.state]);

  useWarnOnTabClose(unsaved);

  return (
    <UnsavedChangesDialog
      open={blocker.state === 'blocked'}
      onStay={() => {
        if (!leaving.current && blocker.state === 'blocked') blocker.reset();
      }}
      onLeave={() => {
        if (leaving.current || blocker.state !== 'blocked') return;
        leaving.current = true;
        blocker.proceed();
      }}
    />
  );
}

export interface UnsavedChangesGuardProps {
  /** Whether leaving now drops typed text. Inside a `Form`, leave it out: the form knows. */
  when?: UnsavedChanges;
}

/**
 * `useUnsavedChangesGuard` as an element: put it inside a `Form` (from `@appforge/ui`) and the form's
 * unsaved edits are guarded; a successful save is never stopped by it.
 */
export function UnsavedChangesGuard({ when }: UnsavedChangesGuardProps) {
  const form = useFormLeaveCheck();
  const unsaved = when ?? form?.hasUnsavedChanges ?? false;
  // useBlocker needs a data router (createBrowserRouter/createMemoryRouter). Under a plain
  // <MemoryRouter> (some stories) only the tab-close warning applies, instead of a crash.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <InAppGuard unsaved={unsaved} /> : <TabCloseGuard unsaved={unsaved} />;
}

function InAppGuard({ unsaved }: { unsaved: UnsavedChanges }) {
  return useUnsavedChangesGuard(unsaved);
}

function TabCloseGuard({ unsaved }: { unsaved: UnsavedChanges }) {
  useWarnOnTabClose(unsaved);
  return null;
}
