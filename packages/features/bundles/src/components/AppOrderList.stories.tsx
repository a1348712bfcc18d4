import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AppOrderList } from './AppOrderList';
import type { OrderedApp } from './AppOrderList';

function Stateful({ initial }: { initial: OrderedApp[] }) {
  const [apps, setApps] = useState(initial);
  return <AppOrderList apps={apps} onChange={setApps} />;
}

const meta = {
  title: 'Bundles/Components/AppOrderList',
  component: Stateful,
  tags: ['autodocs'],
  args: {
    initial: [
      { id: 'a', name: 'Essay tutor' },
      { id: 'b', name: 'Quiz maker' },
      { id: 'c', name: 'Flashcards' },
    ],
  },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

const order = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list')).getAllByRole('listitem').map((item) => item.querySelector('.bundles-order__name')?.textContent);

export const MovesAndRemoves: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Move Flashcards up' }));
    await expect(order(canvasElement)).toEqual(['1. Essay tutor', '2. Flashcards', '3. Quiz maker']);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Essay tutor' }));
    await expect(order(canvasElement)).toEqual(['1. Flashcards', '2. Quiz maker']);
  },
};
