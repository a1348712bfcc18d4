import { describe, expect, it } from 'vitest';
import { createSupportChat } from './support-chat';

describe('support chat', () => {
  it('loads nothing and does nothing without an Intercom app id', () => {
    const scripts: string[] = [];
    const win: { Intercom?: (command: string) => void } = {};
    const chat = createSupportChat({ loadScript: (src) => scripts.push(src), win });
    chat.boot({ userId: 'u1', email: 'ada@example.org', userHash: 'abc' });
    chat.shutdown();
    expect(chat.enabled).toBe(false);
    expect(scripts).toEqual([]);
    expect(win.Intercom).toBeUndefined();
  });

  it('boots with the user id and the server-made identity hash, once loaded; shuts down on logout', () => {
    const scripts: string[] = [];
    const win: { Intercom?: ((...args: unknown[]) => void) & { q?: unknown[][] } } = {};
    const chat = createSupportChat({ appId: 'abc123de', loadScript: (src) => scripts.push(src), win });
    chat.shutdown(); // nothing booted yet: nothing to shut down
    chat.boot({ userId: 'u1', email: 'ada@example.org', userHash: 'f00d' });
    chat.shutdown();
    expect(scripts).toEqual(['https://widget.intercom.io/widget/abc123de']);
    expect(win.Intercom?.q).toEqual([
      ['boot', { app_id: 'abc123de', user_id: 'u1', email: 'ada@example.org', user_hash: 'f00d' }],
      ['shutdown'],
    ]);
  });
});
