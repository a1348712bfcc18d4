import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { WAIT } from '../stories/SignInScreenStory';
import { PasskeysSectionStory } from '../stories/PasskeysSectionStory';

const meta = {
  title: 'Auth/Components/Passkeys',
  component: PasskeysSectionStory,
  tags: ['autodocs'],
  args: { supported: true },
} satisfies Meta<typeof PasskeysSectionStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No passkey yet: adding one lists it, with its dates and a delete button. */
export const AddAPasskey: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You have no passkeys yet.', undefined, WAIT)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add a passkey' }));
    await expect(await canvas.findByText('Passkey added. You can use it the next time you sign in.', undefined, WAIT)).toBeInTheDocument();
    const list = await canvas.findByRole('list', { name: 'Passkeys' });
    await expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    await expect(within(list).getByRole('button', { name: /Delete passkey added/ })).toBeInTheDocument();
  },
};

/** A browser without WebAuthn: said in words, and no button that could not work. */
export const BrowserWithoutPasskeys: Story = {
  args: { supported: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This browser cannot create passkeys.', undefined, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  },
};
