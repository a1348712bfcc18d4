import { makeApp, makeSpec, makeVersion } from '@appforge/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withRouter } from '../../shared/stories/story-kit';
import { VersionList } from './VersionList';

const APP = '3f1c2b9e-8d4a-4c1e-9a57-0b6f2c1d7e01';
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 30)).toISOString();
const v1 = makeVersion({ app_id: APP, number: 1, source: 'template', change_summary: 'First version, built from the description', frozen: true, created_at: at(2) });
const v2 = makeVersion({ app_id: APP, number: 2, source: 'manual', change_summary: 'Asks for the class level too', frozen: true, created_at: at(5), parent_version_id: v1.id });
const v3 = makeVersion({ app_id: APP, number: 3, source: 'ai', change_summary: null, created_at: at(9), parent_version_id: v2.id, spec: makeSpec() });
const app = makeApp({ id: APP, name: 'Topic writer', deployed_version_id: v2.id, draft_version_id: v3.id });

const meta = {
  title: 'Builder/AI builder/VersionList',
  component: VersionList,
  tags: ['autodocs'],
  decorators: [withRouter],
  args: { app, versions: [v3, v2, v1], currentVersionId: v3.id, selected: [], onToggleSelected: fn(), onRestore: fn(), restoringId: null },
} satisfies Meta<typeof VersionList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DraftDeployedAndOld: Story = {
  play: async ({ canvas, args }) => {
    const items = within(canvas.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    await expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Version 3', 'Version 2', 'Version 1']);
    const [draft, live, first] = items;
    await expect(draft).toHaveTextContent(/Draft.*Viewing/);
    await expect(draft).toHaveTextContent('No summary');
    await expect(live).toHaveTextContent('Deployed');
    await expect(first).toHaveTextContent('First version, built from the description');
    await userEvent.click(canvas.getByRole('button', { name: 'Restore as new draft: version 1' }));
    await expect(args.onRestore).toHaveBeenCalledWith(v1);
  },
};

export const TwoTickedToCompare: Story = {
  args: { selected: [v1.id, v3.id] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Compare version 1' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Compare version 3' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Compare version 2' })).not.toBeChecked();
  },
};

export const Restoring: Story = {
  args: { restoringId: v1.id },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Restore as new draft: version 2' })).toBeDisabled();
  },
};
