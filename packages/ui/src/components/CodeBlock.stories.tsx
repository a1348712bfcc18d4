import type { Meta, StoryObj } from '@storybook/react-vite';
import { CodeBlock } from './CodeBlock';

const meta = {
  title: 'Components/CodeBlock',
  component: CodeBlock,
  tags: ['autodocs'],
  args: {
    language: 'bash',
    code: `curl -X POST https://appforge.example/api/apps/42/run \\\n  -H "Authorization: Bearer $APPFORGE_KEY" \\\n  -d '{"inputs":{"question":"Where is my order?"}}'`,
  },
} satisfies Meta<typeof CodeBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const JavaScript: Story = {
  args: {
    language: 'javascript',
    code: "const res = await fetch(url, { method: 'POST', headers, body });\nconst { output } = await res.json();",
  },
};

export const NoLanguage: Story = { args: { language: undefined, code: 'plain output' } };

export const NotCopyable: Story = { args: { copyable: false } };

export const Empty: Story = { args: { code: '' } };

export const LongLines: Story = {
  args: { language: 'json', code: JSON.stringify({ inputs: { question: 'x'.repeat(300) } }) },
  render: (args) => (
    <div style={{ maxWidth: 480 }}>
      <CodeBlock {...args} />
    </div>
  ),
};
