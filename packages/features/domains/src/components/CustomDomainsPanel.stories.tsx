import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DomainsPageStory, WAIT } from '../stories/DomainsPageStory';

const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();

const meta = {
  title: 'Domains/Pages/Custom domain page',
  component: DomainsPageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { of: 'app' },
} satisfies Meta<typeof DomainsPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoDomainYet: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No domain yet', {}, WAIT)).toBeInTheDocument();
    await expect(canvas.getByText('www.example.com or example.com?')).toBeInTheDocument();
  },
};

export const WaitingForRecords: Story = {
  args: {
    domains: [{ host: 'www.example.org', checked_at: hourAgo, failure_reason: 'No TXT record found at _appforge.www.example.org. Create it as shown; DNS changes can take up to an hour to appear.' }],
  },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'www.example.org' }, WAIT);
    await expect(within(card).getByText('Waiting for DNS records')).toBeInTheDocument();
    await expect(within(card).getByRole('table', { name: /DNS records to create/ })).toBeInTheDocument();
  },
};

export const Connected: Story = {
  args: { domains: [{ host: 'quiz.example.org', status: 'verified', checked_at: hourAgo, verified_at: hourAgo }] },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'quiz.example.org' }, WAIT);
    await expect(within(card).getByText('Connected')).toBeInTheDocument();
    await expect(within(card).getByText('Visitors to quiz.example.org see the app.')).toBeInTheDocument();
  },
};

export const Suspended: Story = {
  args: {
    domains: [{ host: 'shop.example.org', status: 'failed', suspended: true, checked_at: hourAgo, verified_at: hourAgo, failure_reason: 'Suspended: the domain stopped passing its check. No TXT record found at _appforge.shop.example.org.' }],
  },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'shop.example.org' }, WAIT);
    await expect(within(card).getByText('Suspended')).toBeInTheDocument();
  },
};

export const RefusedHost: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText('Domain', {}, WAIT), 'shop.example.org:8080');
    await userEvent.click(canvas.getByRole('button', { name: 'Add domain' }));
    await expect(await canvas.findByText(/Leave out the port/, {}, WAIT)).toBeInTheDocument();
  },
};

export const BundleDomain: Story = {
  args: { of: 'bundle', domains: [{ host: 'kit.example.org', status: 'verified', checked_at: hourAgo, verified_at: hourAgo }] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('It shows the bundle page.', {}, WAIT)).toBeInTheDocument();
    await expect(await canvas.findByText('Visitors to kit.example.org see the bundle.', {}, WAIT)).toBeInTheDocument();
  },
};
