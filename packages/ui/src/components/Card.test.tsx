import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card';

describe('Card', () => {
  it('is a section named by its title, with description, actions, body and footer', () => {
    render(
      <Card title="Support bot" description="Answers questions." actions={<button>Edit</button>} footer={<button>Open</button>}>
        <p>Version 4 is live.</p>
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Support bot' });
    expect(card).toHaveTextContent('Answers questions.');
    expect(card).toHaveTextContent('Version 4 is live.');
    expect(screen.getByRole('heading', { level: 2, name: 'Support bot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
  });

  it('uses the heading level the page needs', () => {
    render(<Card title="Usage" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Usage' })).toBeInTheDocument();
  });

  it('without a title it is a plain container, not a landmark', () => {
    render(<Card>Just content</Card>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Just content')).toBeInTheDocument();
  });
});
