import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettings, signedInWithApp } from '../test/render';

const VERSION = '11111111-2222-4333-8444-555555555555';

describe('Embed on your site, in /app-details/:appId (issue 28)', () => {
  it('is off by default; the owner turns it on, lists sites, and copies snippets for this app', async () => {
    const { client, app } = signedInWithApp({ deployed_version_id: VERSION });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const section = within(await screen.findByRole('region', { name: 'Embed on your site' }));
    const toggle = section.getByRole('switch', { name: 'Let other sites embed this app' });
    expect(toggle).not.toBeChecked();
    expect(section.queryByLabelText('The iframe snippet')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(await section.findByRole('switch', { name: 'Let other sites embed this app', checked: true })).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]).toMatchObject({ embed_enabled: true, embed_origins: [] });
    expect(section.getByText('Add at least one site above, or no site can show the app.')).toBeInTheDocument();

    const sites = section.getByRole('textbox', { name: 'Sites allowed to embed it' });
    await user.type(sites, ' https://Blog.Example.com/ {Enter}https://*.school.example{Enter}https://blog.example.com');
    await user.click(section.getByRole('button', { name: 'Save sites' }));
    expect(await section.findByText('Saved.')).toBeInTheDocument();
    expect(client.fake.data.apps[app.id]?.embed_origins).toEqual(['https://blog.example.com', 'https://*.school.example']);
    expect(sites).toHaveValue('https://blog.example.com\nhttps://*.school.example');

    const origin = window.location.origin;
    expect(section.getByLabelText('The iframe snippet')).toHaveTextContent(`<iframe src="${origin}/deployed-app/${app.id}?embed=1" title="Recipe Finder"`);
    expect(section.getByLabelText('The inline script snippet')).toHaveTextContent(
      `<script src="${origin}/embed.js" data-app="${app.id}" data-mode="inline" async></script>`,
    );
    expect(section.getByLabelText('The button script snippet')).toHaveTextContent(`data-mode="button"`);
    expect(section.getByRole('button', { name: 'Copy the iframe snippet' })).toBeInTheDocument();
  });

  it.each([
    ['https://a.com; script-src *', /Line 2: One site per line: an address has no spaces, commas, semicolons or quotes\./],
    ['javascript:alert(1)', /Line 2: Start the address with https:\/\//],
    ['http://evil.com', /Line 2: Use https:\/\/ \(plain http is only for localhost/],
    ['https://evil.com/path', /Line 2: Only the site’s address, without a path/],
    ["'unsafe-inline'", /Line 2: One site per line/],
  ])('refuses %s in words, and saves nothing', async (hostile, words) => {
    const { client, app } = signedInWithApp({ embed_enabled: true });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-details/${app.id}` });
    const section = within(await screen.findByRole('region', { name: 'Embed on your site' }));
    const sites = section.getByRole('textbox', { name: 'Sites allowed to embed it' });
    await user.click(sites);
    await user.paste(`https://ok.example\n${hostile}`);
    await user.click(section.getByRole('button', { name: 'Save sites' }));
    expect(sites).toHaveAttribute('aria-invalid', 'true');
    expect(sites).toHaveAccessibleDescription(words);
    expect(client.fake.calls('apps.update')).toHaveLength(0);
    expect(client.fake.data.apps[app.id]?.embed_origins).toEqual([]);
  });

  it('escapes the app’s name in the snippet, so it cannot break out of the attribute', async () => {
    const { client, app } = signedInWithApp({ name: 'Quiz "><script>alert(1)</script>', embed_enabled: true });
    renderSettings({ client, path: `/app-details/${app.id}` });
    const snippet = await screen.findByLabelText('The iframe snippet');
    expect(snippet).toHaveTextContent('title="Quiz &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
