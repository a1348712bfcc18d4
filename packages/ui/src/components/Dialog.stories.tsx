import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './TextField';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  // Open dialogs are modal; give each its own frame on the docs page.
  parameters: { docs: { story: { inline: false, height: '420px' } } },
  args: {
    title: 'Rename app',
    description: 'The new name shows everywhere the app is listed.',
    defaultOpen: true,
    trigger: <Button variant="secondary">Rename</Button>,
    children: <TextField label="Name" defaultValue="Support bot" />,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Save</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const Closed: Story = { args: { defaultOpen: false } };

export const WithoutDescription: Story = { args: { description: undefined } };

export const Large: Story = { args: { size: 'lg' } };

export const LongText: Story = {
  args: {
    title: 'A dialog title that is long enough to wrap onto a second line on most screens',
    children: (
      <p style={{ margin: 0 }}>
        {'Dialogs scroll when their content is taller than the window. '.repeat(30)}
      </p>
    ),
  },
};
