import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppShell } from './AppShell';
import { Avatar } from './Avatar';
import { Button } from './Button';
import { PageHeader } from './PageHeader';

const navItems = [
  { href: '#apps', label: 'Apps', active: true },
  { href: '#databases', label: 'Databases' },
  { href: '#apis', label: 'APIs' },
  { href: '#bundles', label: 'Bundles' },
  { href: '#domains', label: 'Domains' },
  { href: '#settings', label: 'Settings' },
];

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '480px' } } },
  args: {
    brand: 'Appforge',
    navItems,
    topBar: (
      <>
        <Button size="sm">New app</Button>
        <Avatar name="Ada Lovelace" size="sm" />
      </>
    ),
    children: (
      <>
        <PageHeader title="Apps" description="Everything you have built." />
        <p>Content goes here.</p>
      </>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1' } },
  render: (args) => (
    <div style={{ maxWidth: 375 }}>
      <AppShell {...args} />
    </div>
  ),
};

export const LongLabels: Story = {
  args: {
    navItems: [
      { href: '#a', label: 'Apps shared with me by other teachers in my school', active: true },
      { href: '#b', label: 'Databases' },
    ],
  },
};
