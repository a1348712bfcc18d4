import { parseAppSpec, validateApp } from '@appforge/engine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../shared/stories/story-kit';
import { ProblemList } from './ProblemList';

// The engine's own verdict on a broken app: an unknown variable (error) and a malformed reference (warning).
const broken = parseAppSpec({
  entryStepId: 'show',
  steps: [{ id: 'show', kind: 'output', title: 'Result', config: { template: 'Hello {{missing}} and { {name}}' } }],
});
const problems = broken.ok ? validateApp(broken.value) : [];

const meta = {
  title: 'Builder/Editor/ProblemList',
  component: ProblemList,
  tags: ['autodocs'],
  decorators: [withRouter],
  args: { problems, stepHref: (stepId: string) => `/create-app/app/version/${stepId}` },
} satisfies Meta<typeof ProblemList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorsAndWarnings: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Checks' });
    await expect(region).toHaveTextContent(/1 error/);
    await expect(canvas.getAllByRole('listitem').length).toBeGreaterThanOrEqual(1);
    await expect(canvas.getAllByRole('link')[0]).toHaveAttribute('href', '/create-app/app/version/show');
  },
};

export const NoProblems: Story = {
  args: { problems: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Checks' })).toHaveTextContent('No problems: this version can run.');
  },
};
