import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('gives the page its h1, description, actions and breadcrumb navigation', () => {
    render(
      <PageHeader
        title="Support bot"
        description="Answers questions."
        actions={<button>Publish</button>}
        breadcrumbs={
          <ol>
            <li>
              <a href="/apps">Apps</a>
            </li>
          </ol>
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Support bot' })).toBeInTheDocument();
    expect(screen.getByText('Answers questions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Apps' }));
  });

  it('leaves out the breadcrumb landmark when there are no breadcrumbs', () => {
    render(<PageHeader title="Apps" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
