import '../../styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TestResult } from './TestConsole';

const meta = {
  title: 'APIs/Test console/Answer',
  component: TestResult,
  tags: ['autodocs'],
  args: {
    result: {
      status: 200,
      ok: true,
      headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '59' },
      duration_ms: 84.4,
      size_bytes: 2048,
      body: '{"city":"Lyon","current":{"temperature":21,"wind":12}}',
      truncated: false,
      output: { temperature: 21, wind: 12 },
      request: {
        method: 'GET',
        url: 'https://api.weather.example/v1/weather/Lyon',
        curl: "curl -X GET 'https://api.weather.example/v1/weather/Lyon' \\\n  -H 'x-api-key: ••••'",
      },
    },
  },
} satisfies Meta<typeof TestResult>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Status 200')).toBeInTheDocument();
    await expect(canvas.getByText('84 ms')).toBeInTheDocument();
    await expect(canvas.getByText('2.0 KB')).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Answer' })).toHaveTextContent("x-api-key: ••••");
  },
};

export const ErrorStatus: Story = {
  args: {
    result: {
      status: 401,
      ok: false,
      headers: { 'content-type': 'text/plain' },
      duration_ms: 12,
      size_bytes: 12,
      body: 'Unauthorized',
      truncated: false,
      output: null,
      request: { method: 'GET', url: 'https://api.weather.example/v1/weather/Lyon', curl: "curl -X GET 'https://api.weather.example/v1/weather/Lyon'" },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Status 401')).toBeInTheDocument();
    await expect(canvas.getByText('Unauthorized')).toBeInTheDocument();
  },
};
