import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { withRouter } from '../stories/story-kit';
import { AppNotFound } from './AppNotFound';
import { RunProblem } from './RunProblem';
import { SignInRequired } from './SignInRequired';

const meta = {
  title: 'Visitor/Components/RunProblem',
  component: RunProblem,
  subcomponents: { SignInRequired, AppNotFound },
  tags: ['autodocs'],
  decorators: [withRouter],
  args: {
    appName: 'Lesson Planner',
    signInHref: '/sign-in?app=lesson-planner',
    problem: { code: 'rate_limited', message: 'Too many runs: try again in 12 s' },
    onRetry: fn(),
    onStartOver: fn(),
  },
} satisfies Meta<typeof RunProblem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RateLimited: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many runs right now');
    await expect(canvas.getByText('Too many runs: try again in 12 s.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const RunCannotContinue: Story = {
  args: { problem: { code: 'run_finished', message: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'This run cannot continue' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
  },
};

export const SessionExpired: Story = {
  args: { problem: { code: 'jwt_expired', message: 'JWT expired' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign in to use Lesson Planner' })).toHaveAttribute('href', '/sign-in?app=lesson-planner');
  },
};

export const InvitedOnly: Story = {
  render: (args) => <SignInRequired appName={args.appName} signInHref={args.signInHref} invitedOnly />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Sign in to use Lesson Planner' })).toBeInTheDocument();
    await expect(canvas.getByText(/open only to the people its owner chose/)).toBeInTheDocument();
  },
};

export const UnknownApp: Story = {
  render: (args) => <AppNotFound signInHref={args.signInHref} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'This app does not exist or is not published' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  },
};
