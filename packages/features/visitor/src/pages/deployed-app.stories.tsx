import { parseAppSpec } from '@appforge/engine';
import type { AppSpec } from '@appforge/engine';
import { AppforgeError } from '@appforge/sdk';
import { makeApp, makeVersion } from '@appforge/sdk/testing';
import type { FakeAppforgeClient } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PageStory, WAIT } from '../stories/story-kit';
import { appRoutes } from '../routes';

const parsed = parseAppSpec({
  entryStepId: 'ask',
  steps: [
    {
      id: 'ask',
      kind: 'input',
      title: 'Your lesson',
      config: {
        intro: 'Tell us about the class.',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text', required: true, maxLength: 200 },
          { name: 'minutes', label: 'Minutes', type: 'number', min: 10, max: 120, integer: true, required: true },
          { name: 'level', label: 'Level', type: 'choice', options: ['Beginner', 'Advanced'], required: true },
        ],
      },
    },
    { id: 'plan', kind: 'ai', title: 'Lesson plan', config: { prompt: 'Plan {{topic}} for {{minutes}} minutes at {{level}} level.', outputVariable: 'plan' } },
    { id: 'show', kind: 'output', title: 'Your plan', config: { template: '{{plan}}' }, next: { type: 'end' } },
  ],
});
if (!parsed.ok) throw new Error(parsed.error.message);
const LESSON: AppSpec = parsed.value;

/**
 * A deployed lesson planner in the fake backend. Each mount gets its own app id, so what a visitor
 * typed in one story (kept in the browser's storage, as on the real page) never leaks into another.
 */
function deployed(client: FakeAppforgeClient, overrides: Parameters<typeof makeApp>[0] = {}): string {
  const app = makeApp({
    name: 'Lesson Planner',
    description: 'Plans a lesson for any topic.',
    visibility: 'public',
    design: { theme_color: '#0f766e', font: 'serif', layout: 'centered', welcome_text: 'Plan a lesson in a minute.' },
    ...overrides,
  });
  const version = makeVersion({ app_id: app.id, frozen: true, spec: LESSON });
  client.fake.data.apps[app.id] = { ...app, deployed_version_id: version.id, draft_version_id: version.id };
  client.fake.data.versions[version.id] = version;
  return app.id;
}

const meta = {
  title: 'Visitor/Pages/DeployedAppPage',
  component: PageStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { routes: appRoutes, seed: (client) => `/deployed-app/${deployed(client)}` },
} satisfies Meta<typeof PageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstForm: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Lesson Planner' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('form', { name: 'Your lesson' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Run' })).toBeEnabled();
  },
};

export const RunToTheEnd: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Topic/ }, WAIT), 'Fractions');
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Minutes/ }), '45');
    await userEvent.click(canvas.getByRole('radio', { name: 'Beginner' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run' }));
    const results = await canvas.findByRole('region', { name: 'Results' }, WAIT);
    await expect(within(results).getByRole('article', { name: 'Your plan' })).toHaveTextContent('Fractions');
    await expect(canvas.getByTitle(/built-in offline model/)).toHaveTextContent('Offline model');
  },
};

export const SignInAsked: Story = {
  args: {
    seed: (client) => {
      const appId = deployed(client);
      client.fake.fail('runs.start', new AppforgeError({ code: 'sign_in_required', message: 'Sign in to use Lesson Planner', status: 401 }));
      return `/deployed-app/${appId}`;
    },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Topic/ }, WAIT), 'Fractions');
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Minutes/ }), '45');
    await userEvent.click(canvas.getByRole('radio', { name: 'Advanced' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Run' }));
    await expect(await canvas.findByRole('link', { name: 'Sign in to continue' }, WAIT)).toHaveAttribute('href', expect.stringContaining('/sign-in?'));
  },
};

export const NotPublished: Story = {
  args: { seed: () => '/deployed-app/not-an-app-id' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'This app does not exist or is not published' }, WAIT)).toBeInTheDocument();
  },
};
