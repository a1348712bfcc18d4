import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Components/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  args: {
    title: 'Support bot',
    description: 'Answers questions about orders and returns.',
    actions: (
      <>
        <Button variant="secondary">Preview</Button>
        <Button>Publish</Button>
      </>
    ),
    breadcrumbs: (
      <ol>
        <li>
          <a href="#apps">Apps</a>
        </li>
        <li>
          <a href="#support-bot" aria-current="page">
            Support bot
          </a>
        </li>
      </ol>
    ),
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const TitleOnly: Story = { args: { description: undefined, actions: undefined, breadcrumbs: undefined } };

export const LongText: Story = {
  args: {
    title: 'A page title that goes on and on, long enough to push the actions onto their own line',
    description: 'With a description that also runs long. '.repeat(5),
  },
};
