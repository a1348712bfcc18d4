import { useEffect } from 'react';

/**
 * While a form has unsaved changes, closing or reloading the tab asks first (the browser's own
 * "Leave site?" prompt), so typed settings are not lost by accident.
 */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
