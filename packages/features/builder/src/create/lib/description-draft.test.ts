import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './description-draft';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the description draft', () => {
  it('is kept across page loads until cleared', () => {
    expect(loadDraft()).toBe('');
    saveDraft('A recipe helper');
    expect(loadDraft()).toBe('A recipe helper');
    clearDraft();
    expect(loadDraft()).toBe('');
  });

  it('does not break the page when storage refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft('text')).not.toThrow();
    expect(loadDraft()).toBe('');
  });
});
