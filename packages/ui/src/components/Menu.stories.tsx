import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Menu } from './Menu';

const meta = {
  title: 'Components/Menu',
  component: Menu,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, height: '300px' } } },
  args: {
    trigger: <Button variant="secondary">Actions</Button>,
    items: [
      { label: 'Open', onSelect: () => undefined },
      { label: 'Duplicate', shortcut: '⌘D', onSelect: () => undefined },
      { label: 'Move to bundle', disabled: true, onSelect: () => undefined },
      { type: 'separator' },
      { label: 'Delete', destructive: true, onSelect: () => undefined },
    ],
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const WithLabel: Story = {
  args: {
    defaultOpen: true,
    items: [
      { type: 'label', label: 'Signed in as ada@example.com' },
      { label: 'Settings', onSelect: () => undefined },
      { label: 'Log out', onSelect: () => undefined },
    ],
  },
};

export const NothingAvailable: Story = {
  args: { defaultOpen: true, items: [{ label: 'No actions available', disabled: true, onSelect: () => undefined }] },
};

export const LongText: Story = {
  args: {
    defaultOpen: true,
    items: [{ label: 'Export every run of this app from the last ninety days as CSV', onSelect: () => undefined }],
  },
};
