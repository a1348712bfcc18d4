import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell';

const navItems = [
  { href: '/apps', label: 'Apps', active: true },
  { href: '/databases', label: 'Databases' },
];

describe('AppShell', () => {
  it('offers a skip link that targets the main content', async () => {
    render(
      <AppShell brand="Appforge" navItems={navItems}>
        <p>Content</p>
      </AppShell>,
    );
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveTextContent('Content');
  });

  it('marks the current page in the main navigation', () => {
    render(
      <AppShell brand="Appforge" navItems={navItems}>
        <p>Content</p>
      </AppShell>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Apps' }));
    expect(screen.getByRole('link', { name: 'Apps' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Databases' })).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the navigation from the menu button (narrow screens)', async () => {
    const { container } = render(
      <AppShell brand="Appforge" navItems={navItems} topBar={<span>Account</span>}>
        <p>Content</p>
      </AppShell>,
    );
    const shell = container.firstElementChild;
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Main' }).id);

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(shell).toHaveAttribute('data-nav-open');
    expect(screen.getByRole('link', { name: 'Apps' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('link', { name: 'Databases' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Account')).toBeInTheDocument();
  });

  it('renders nav links through the router’s link when given renderLink', () => {
    render(
      <AppShell
        brand="Appforge"
        navItems={navItems}
        renderLink={(item, props) => <a {...props} data-router-link={item.href} />}
      >
        <p>Content</p>
      </AppShell>,
    );
    expect(screen.getByRole('link', { name: 'Databases' })).toHaveAttribute('data-router-link', '/databases');
  });
});
