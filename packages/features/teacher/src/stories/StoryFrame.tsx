// What a teacher component needs around it in Storybook and tests: the feature's styles, toasts
// and a router (its links), inside a main landmark.
import '../styles.css';
import { ToastProvider } from '@appforge/ui';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

export const WAIT = { timeout: 10_000 } as const;

export function StoryFrame({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <main className="teacher-page">{children}</main>
      </MemoryRouter>
    </ToastProvider>
  );
}
