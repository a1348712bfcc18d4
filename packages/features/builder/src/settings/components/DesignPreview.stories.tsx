import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DesignPreview } from './DesignPreview';

// A 1×1 teal PNG: an uploaded icon, with no network.
const ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const meta = {
  title: 'Builder/Settings/DesignPreview',
  component: DesignPreview,
  tags: ['autodocs'],
  args: {
    name: 'Recipe Finder',
    description: 'Finds recipes from what is in the fridge.',
    iconUrl: null,
    design: { theme_color: '#0f766e', font: 'serif', layout: 'centered', welcome_text: 'Tell me **what you have** and I suggest three dinners.' },
  },
} satisfies Meta<typeof DesignPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DarkThemeColour: Story = {
  play: async ({ canvas }) => {
    const preview = canvas.getByTestId('design-preview');
    await expect(preview.style.getPropertyValue('--settings-preview-theme')).toBe('#0f766e');
    await expect(canvas.getByText('RF')).toBeInTheDocument();
    await expect(canvas.getByText('what you have').tagName).toBe('STRONG');
  },
};

export const LightThemeColourMonospace: Story = {
  args: { design: { theme_color: '#fde047', font: 'mono', layout: 'centered', welcome_text: '' } },
  play: async ({ canvas }) => {
    const preview = canvas.getByTestId('design-preview');
    // A light theme colour gets dark text on its buttons.
    await expect(preview.style.getPropertyValue('--settings-preview-on-theme')).toBe('#111827');
    await expect(preview.style.fontFamily).toContain('monospace');
  },
};

export const WideWithIcon: Story = {
  args: { iconUrl: ICON, description: null, design: { theme_color: '#be123c', font: 'system', layout: 'wide', welcome_text: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('design-preview')).toHaveAttribute('data-layout', 'wide');
    await expect(canvas.queryByText('RF')).not.toBeInTheDocument();
  },
};

export const HalfTypedColour: Story = {
  args: { design: { theme_color: '#12', font: 'system', layout: 'centered', welcome_text: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('design-preview').style.getPropertyValue('--settings-preview-theme')).toBe('#4f46e5');
  },
};
