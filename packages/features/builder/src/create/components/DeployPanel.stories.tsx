import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DeployPanel } from './DeployPanel';

const APP = '3f1c2b9e-8d4a-4c1e-9a57-0b6f2c1d7e01';

const meta = {
  title: 'Builder/Create/DeployPanel',
  component: DeployPanel,
  tags: ['autodocs'],
  args: {
    versionNumber: 3,
    isLive: false,
    blockingCount: 0,
    pending: false,
    onDeploy: fn(),
    refusal: null,
    error: null,
    links: null,
    stepNames: { ask: '1. About the lesson', plan: '2. Write the plan', show: '3. Your lesson plan' },
  },
} satisfies Meta<typeof DeployPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadyToDeploy: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Draft')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Deploy version 3' })).toBeEnabled();
  },
};

export const HasProblems: Story = {
  args: { blockingCount: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Fix the 2 problems listed above first/)).toBeInTheDocument();
  },
};

export const Refused: Story = {
  args: {
    refusal: {
      message: 'Version 3 cannot be deployed.',
      problems: [
        { stepId: 'plan', field: 'config.prompt', message: 'The prompt of “Write the plan” is empty.' },
        { stepId: 'show', field: 'config.template', message: '“Your lesson plan” uses {{missing}}, which no earlier step asks for.' },
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Version 3 cannot be deployed.');
    await expect(canvas.getByRole('heading', { name: '2. Write the plan' })).toBeInTheDocument();
  },
};

export const Live: Story = {
  args: { isLive: true, links: { app: `https://appforge.example/deployed-app/${APP}`, landing: `https://appforge.example/landing-page/${APP}` } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Deployed' })).toBeDisabled();
    await expect(canvas.getByRole('list', { name: 'Public links' })).toHaveTextContent(`/landing-page/${APP}`);
  },
};
