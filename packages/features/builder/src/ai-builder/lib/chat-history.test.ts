import { afterEach, describe, expect, it } from 'vitest';
import type { ChatExchange } from './chat-history';
import { CHAT_LIMIT, readChat, readDraft, upsertExchange, writeChat, writeDraft } from './chat-history';

const exchange = (id: string, overrides: Partial<ChatExchange> = {}): ChatExchange => ({
  id,
  message: `Change ${id}`,
  baseVersionId: 'v1',
  baseNumber: 1,
  at: '2026-01-01T00:00:00.000Z',
  outcome: { type: 'version', versionId: `v-${id}`, number: 2, summary: 'Made it formal.' },
  ...overrides,
});

afterEach(() => window.sessionStorage.clear());

describe('chat history', () => {
  it('is kept per app: another app’s chat never shows', () => {
    writeChat('app-a', [exchange('1')]);
    expect(readChat('app-a')).toEqual([exchange('1')]);
    expect(readChat('app-b')).toEqual([]);
  });

  it('drops damaged storage instead of failing or showing it', () => {
    window.sessionStorage.setItem('appforge:ai-builder:chat:app-a', '{not json');
    expect(readChat('app-a')).toEqual([]);
    window.sessionStorage.setItem('appforge:ai-builder:chat:app-a', JSON.stringify({ id: 'x' }));
    expect(readChat('app-a')).toEqual([]);
    window.sessionStorage.setItem('appforge:ai-builder:chat:app-a', JSON.stringify([exchange('ok'), { id: 'bad', outcome: { type: 'html' } }]));
    expect(readChat('app-a')).toEqual([exchange('ok')]);
  });

  it('a retry replaces the failed exchange instead of adding a second one', () => {
    const failed = exchange('1', { outcome: { type: 'failed', code: 'network_error', message: 'Offline' } });
    const list = upsertExchange([exchange('0'), failed], exchange('1'));
    expect(list.map((entry) => [entry.id, entry.outcome.type])).toEqual([
      ['0', 'version'],
      ['1', 'version'],
    ]);
  });

  it(`keeps the newest ${CHAT_LIMIT} exchanges`, () => {
    let list: ChatExchange[] = [];
    for (let i = 0; i < CHAT_LIMIT + 5; i += 1) list = upsertExchange(list, exchange(String(i)));
    expect(list).toHaveLength(CHAT_LIMIT);
    expect(list[0]?.id).toBe('5');
  });

  it('keeps the message being typed per app, and forgets it once cleared', () => {
    writeDraft('app-a', 'make it shorter');
    expect(readDraft('app-a')).toBe('make it shorter');
    expect(readDraft('app-b')).toBe('');
    writeDraft('app-a', '');
    expect(readDraft('app-a')).toBe('');
  });
});
