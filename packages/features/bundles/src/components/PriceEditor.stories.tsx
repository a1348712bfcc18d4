import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { PriceEditor } from './PriceEditor';

const meta = {
  title: 'Bundles/Components/PriceEditor',
  component: PriceEditor,
  tags: ['autodocs'],
  args: { price: { kind: 'monthly', amount_cents: 900, currency: 'EUR' }, saving: false, saved: false, onSave: fn() },
} satisfies Meta<typeof PriceEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Monthly: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Visitors will see/)).toHaveTextContent('€9.00 a month');
    await userEvent.click(canvas.getByRole('button', { name: 'Save price' }));
    await expect(args.onSave).toHaveBeenCalledWith({ kind: 'monthly', amount_cents: 900, currency: 'EUR' });
  },
};

export const RefusesANegativeAmount: Story = {
  play: async ({ canvas, args }) => {
    const amount = canvas.getByRole('textbox', { name: /Amount/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save price' }));
    await expect(amount).toHaveAccessibleDescription('Enter a number with at most 2 decimals, for example 4.99.');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const ServerRefused: Story = {
  args: { error: 'The price is not valid.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The price is not valid.');
  },
};
