import '../../styles.css';
import type { ApiDetail } from '@appforge/sdk';
import { AppforgeProvider } from '@appforge/sdk/react';
import { createFakeAppforgeClient, makeExternalApi } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'storybook/test';
import { apisRoutes } from '../routes';

const WAIT = { timeout: 10_000 } as const;

/** A page of "Your APIs" as the shell renders it, over the in-memory fake backend. */
function ApisPage({ path, apis }: { path: string; apis: Partial<ApiDetail>[] }) {
  const [setup] = useState(() => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'ada@example.org' });
    for (const fields of apis) {
      const api = makeExternalApi({ owner_id: session.user.id, ...fields });
      client.fake.data.externalApis[api.id] = api;
    }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([...apisRoutes, { path: '*', element: <h1>Another page</h1> }], { initialEntries: [path] });
    return { client, queryClient, router };
  });
  return (
    <QueryClientProvider client={setup.queryClient}>
      <AppforgeProvider client={setup.client}>
        <RouterProvider router={setup.router} />
      </AppforgeProvider>
    </QueryClientProvider>
  );
}

const meta = {
  title: 'APIs/List/Your APIs',
  component: ApisPage,
  tags: ['autodocs'],
  args: { path: '/list-apis', apis: [] },
} satisfies Meta<typeof ApisPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Connect your first API' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Use the Weather (Open-Meteo) example' })).toBeInTheDocument();
  },
};

export const WithApis: Story = {
  args: {
    apis: [
      { name: 'School gradebook', base_url: 'https://grades.school.example/api', auth_kind: 'bearer', secret_set: true, secret_last4: 'a1b2', last_test_status: 200, last_test_ms: 84 },
      { name: 'CRM', base_url: 'https://crm.example/v2', auth_kind: 'header', auth_name: 'X-Key', last_test_status: 503, last_test_ms: 120 },
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'School gradebook' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText('OK · 200 · 84 ms')).toBeInTheDocument();
    await expect(canvas.getByText('Secret missing')).toBeInTheDocument();
  },
};

export const ApiPage: Story = {
  args: {
    path: '/view-api/6f1c1d2e-0000-4000-8000-000000000010',
    apis: [{ id: '6f1c1d2e-0000-4000-8000-000000000010', name: 'School gradebook', auth_kind: 'bearer', secret_set: true, secret_last4: 'a1b2' }],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'School gradebook' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Test console' })).toBeInTheDocument();
  },
};
