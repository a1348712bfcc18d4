import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app';

describe('unknown paths', () => {
  it('show "Page not found" with the path and a link that leads back home', async () => {
    const { router } = renderAppAt('/no/such/page?x=1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Appforge'));

    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your apps' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a hostile path as text, never as markup', async () => {
    renderAppAt('/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
