import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadError } from './LoadError';

const meta = {
  title: 'Patterns/LoadError',
  component: LoadError,
  tags: ['autodocs'],
  args: { what: "This app's settings", message: 'The server took too long to answer. Try again in a moment.', onRetry: () => {} },
} satisfies Meta<typeof LoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRetry: Story = {};
export const Retrying: Story = { args: { retrying: true } };
export const NoRetry: Story = { args: { what: 'This database', message: 'It does not exist, or it belongs to someone else.', onRetry: undefined } };
/** Not found: the reason is said for the person, and retrying is not offered. */
export const NotFound: Story = { args: { what: 'This version', title: 'This version belongs to another app', notFound: true } };
