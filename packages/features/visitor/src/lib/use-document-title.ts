import { useEffect } from 'react';

/** Sets the tab's title while the page shows (restored when it goes), e.g. to the app's name. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
