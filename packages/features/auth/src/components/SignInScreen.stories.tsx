import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SignInScreenStory, STORY_ICON, WAIT } from '../stories/SignInScreenStory';

const meta = {
  title: 'Auth/Components/Sign in screen',
  component: SignInScreenStory,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { brand: 'none' },
} satisfies Meta<typeof SignInScreenStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Build the AI apps you need' }, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByRole('presentation')).toBeNull();
  },
};

/** On an app's custom domain (or from its page): the app's name and icon. */
export const BrandedWithAppIcon: Story = {
  args: { brand: 'app', name: 'Recipe Quiz', icon: STORY_ICON },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Recipe Quiz' }, WAIT)).toBeInTheDocument();
    const icon = canvasElement.querySelector('img.auth-brand-icon');
    await expect(icon).toHaveAttribute('src', STORY_ICON);
    await expect(icon).toHaveAttribute('alt', '');
  },
};

/** A bundle: its name, its first app's icon, and the Back button to the site root. */
export const BrandedWithBundleIcon: Story = {
  args: { brand: 'bundle', name: 'Study Kit', icon: STORY_ICON },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Study Kit' }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('img.auth-brand-icon')).toHaveAttribute('src', STORY_ICON);
  },
};

/** An app without an icon: the name alone. */
export const BrandedWithoutIcon: Story = {
  args: { brand: 'app', name: 'Recipe Quiz' },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Recipe Quiz' }, WAIT)).toBeInTheDocument();
    await expect(canvasElement.querySelector('img.auth-brand-icon')).toBeNull();
  },
};
