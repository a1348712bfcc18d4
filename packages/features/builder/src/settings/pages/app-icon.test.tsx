import { AppforgeError } from '@appforge/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeCanvas, pngFile } from '../test/fake-canvas';
import type { FakeCanvas } from '../test/fake-canvas';
import { renderSettings, signedInWithApp } from '../test/render';

let canvas: FakeCanvas;
beforeEach(() => {
  canvas = installFakeCanvas();
});
afterEach(() => canvas.restore());

function uploadedBlob(client: ReturnType<typeof signedInWithApp>['client']): Blob {
  const call = client.fake.calls('apps.uploadIcon')[0];
  return call?.[1] as Blob;
}

describe('/app-icon/:appId', () => {
  it('crops a landscape picture to its centre square at 512 px, previews it, and uploads it', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    expect(await screen.findByText('No icon yet: visitors see the initials.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose a picture'), pngFile(1200, 800, 'photo.png'));
    expect(await screen.findByRole('img', { name: 'New icon from photo.png' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    const draw = canvas.calls.find((call) => call.method === 'drawImage');
    expect(draw?.args.slice(1)).toEqual([200, 0, 800, 800, 0, 0, 512, 512]);
    expect(canvas.calls.find((call) => call.method === 'toBlob')?.args).toEqual(['image/png', 512, 512]);
    expect(client.fake.calls('apps.uploadIcon')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Use this icon' }));
    expect(await screen.findByText('Icon saved.')).toBeInTheDocument();
    expect(uploadedBlob(client).type).toBe('image/png');
    expect(await screen.findByRole('img', { name: "Recipe Finder's icon" })).toHaveAttribute('src', expect.stringContaining(`/${app.id}/`));
  });

  it('refuses wrong types, renamed and oversize files with a message, and uploads nothing', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup({ applyAccept: false });
    renderSettings({ client, path: `/app-icon/${app.id}` });
    const input = await screen.findByLabelText('Choose a picture');
    const cases: [File, RegExp][] = [
      [new File(['hello'], 'notes.txt', { type: 'text/plain' }), /“notes.txt” is not a PNG, JPEG or WebP image/],
      [new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' }), /“logo.svg” is not a PNG, JPEG or WebP image/],
      [new File(['MZ\u0090\u0000'], 'setup.png', { type: 'image/png' }), /“setup.png” does not contain a PNG, JPEG or WebP image/],
      [pngFile(4000, 3000, 'huge.png', 11 * 1024 * 1024), /“huge.png” is 11\.0 MB; an icon picture can be at most 10\.0 MB/],
    ];
    for (const [file, message] of cases) {
      await user.upload(input, file);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('button', { name: 'Use this icon' })).toBeNull();
    }
    expect(globalThis.createImageBitmap).not.toHaveBeenCalled();
    expect(client.fake.calls('apps.uploadIcon')).toHaveLength(0);
  });

  it('says a damaged picture cannot be read', async () => {
    const { client, app } = signedInWithApp();
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    const damaged = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], 'broken.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose a picture'), damaged);
    expect(await screen.findByRole('alert')).toHaveTextContent('This picture could not be read. It may be damaged; try another one.');
    expect(client.fake.calls('apps.uploadIcon')).toHaveLength(0);
  });

  it('falls back to WebP when the PNG would be over 1 MB', async () => {
    const { client, app } = signedInWithApp();
    canvas.encodedSize['image/png'] = 1_500_000;
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    await user.upload(await screen.findByLabelText('Choose a picture'), pngFile(2000, 2000, 'detailed.png'));
    await user.click(await screen.findByRole('button', { name: 'Use this icon' }));
    expect(await screen.findByText('Icon saved.')).toBeInTheDocument();
    expect(uploadedBlob(client).type).toBe('image/webp');
    expect(uploadedBlob(client).size).toBeLessThanOrEqual(1024 * 1024);
  });

  it('makes an icon from the initials on the theme colour and uploads it as a 512 px PNG', async () => {
    const { client, app } = signedInWithApp({ design: { theme_color: '#10b981', font: 'system', layout: 'centered', welcome_text: '' } });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    await user.click(await screen.findByRole('tab', { name: 'Generate one' }));
    await user.click(screen.getByRole('radio', { name: 'Circle' }));
    await user.click(screen.getByRole('button', { name: 'Use this icon' }));
    expect(await screen.findByText('Icon saved.')).toBeInTheDocument();
    expect(canvas.calls.find((call) => call.method === 'fillText')?.args[0]).toBe('RF');
    expect(canvas.calls.find((call) => call.method === 'roundRect')?.args).toEqual([0, 0, 512, 512, 256]);
    expect(canvas.calls.find((call) => call.method === 'addColorStop')?.args).toEqual([0, '#10b981']);
    expect(uploadedBlob(client).type).toBe('image/png');
  });

  it('shows the server’s refusal of an upload in words', async () => {
    const { client, app } = signedInWithApp();
    client.fake.fail('apps.uploadIcon', new AppforgeError({ code: 'payload_too_large', message: 'The icon is larger than the storage allows.', status: 413 }));
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    await user.upload(await screen.findByLabelText('Choose a picture'), pngFile(600, 600));
    await user.click(await screen.findByRole('button', { name: 'Use this icon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The icon was not uploaded: The icon is larger than the storage allows.');
  });

  it('removes the icon', async () => {
    const { client, app } = signedInWithApp({ icon_path: 'owner/app/icon.png', icon_url: 'https://fake.appforge.test/icon.png' });
    const user = userEvent.setup();
    renderSettings({ client, path: `/app-icon/${app.id}` });
    await user.click(await screen.findByRole('button', { name: 'Remove icon' }));
    expect(await screen.findByText('No icon yet: visitors see the initials.')).toBeInTheDocument();
    await waitFor(() => expect(client.fake.data.apps[app.id]?.icon_path).toBeNull());
  });
});
