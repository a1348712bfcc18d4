import type { Meta, StoryObj } from '@storybook/react-vite';
import { Markdown } from './Markdown';

const meta = {
  title: 'Components/Markdown',
  component: Markdown,
  tags: ['autodocs'],
  args: {
    source: `## Your trip plan

Here is a **three-day** plan for _Lisbon_:

1. Alfama and the castle
2. Belém: the tower and pastéis
3. A day trip to Sintra

> Book the Sintra train early in summer.

See the [official tourism site](https://www.visitlisboa.com) or the [local notes](/notes).

| Day | Area |
| --- | ---- |
| 1 | Alfama |
| 2 | Belém |

\`\`\`js
console.log('inline code blocks work');
\`\`\`
`,
  },
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const HostileInput: Story = {
  args: {
    source: `Everything dangerous below is removed before it reaches the page.

<script>alert('xss')</script>
<img src="x" alt="broken" onerror="alert('xss')">
[click me](javascript:alert('xss'))
<iframe src="https://evil.example"></iframe>
<p style="position:fixed;inset:0;background:red">style injection</p>
![tracker](data:image/png;base64,iVBORw0KGgo=)
`,
  },
};

export const Empty: Story = { args: { source: '' } };

export const LongText: Story = {
  args: {
    source: `${'A very long paragraph of model output that goes on and on. '.repeat(40)}\n\nhttps://example.com/${'a'.repeat(200)}`,
  },
};
