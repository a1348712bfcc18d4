import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Env } from '../env';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App({ env }: { env: Env }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers env={env}>
      <RouterProvider router={router} />
    </Providers>
  );
}
