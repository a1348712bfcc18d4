import type { AppSpec } from '@appforge/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, clearBackup, describeSaveState, readBackup } from './autosave';

const spec = (title: string): AppSpec => ({
  entryStepId: 'show',
  steps: [{ id: 'show', kind: 'output', title, next: { type: 'step' }, config: { template: 'Hi' } }],
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('Autosaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps each edit locally at once and sends only the last one after the pause', async () => {
    const storage = memoryStorage();
    const saved: string[] = [];
    const saver = new Autosaver({ versionId: 'v1', storage, save: (s) => Promise.resolve(saved.push(s.steps[0]?.title ?? '')) });
    saver.edit(spec('A'));
    saver.edit(spec('AB'));
    expect(readBackup(storage, 'v1')?.spec.steps[0]?.title).toBe('AB');
    expect(saver.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(800);
    expect(saved).toEqual(['AB']);
    expect(saver.getState().status).toBe('saved');
    expect(readBackup(storage, 'v1')).toBeNull();
  });

  it('once held, sends nothing more: not the waiting save, not a retry, not a follow-up, not a flush', async () => {
    const storage = memoryStorage();
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const saver = new Autosaver({ versionId: 'v1', storage, save });
    saver.edit(spec('Sent'));
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    // Typed while that save is on the wire (a follow-up would be due), then the version goes stale.
    saver.edit(spec('Sent, then more'));
    saver.hold();
    finish();
    saver.edit(spec('Typed after the notice'));
    await vi.advanceTimersByTimeAsync(60_000);
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    // Kept in the browser, for the person to restore on reload.
    expect(readBackup(storage, 'v1')?.spec.steps[0]?.title).toBe('Typed after the notice');
  });

  it('a failed save keeps what was typed and retries until it goes through', async () => {
    const storage = memoryStorage();
    let fail = 2;
    const save = vi.fn(() => (fail-- > 0 ? Promise.reject(Object.assign(new Error('The server could not be reached'), { code: 'network_error' })) : Promise.resolve()));
    const saver = new Autosaver({ versionId: 'v1', storage, save, retryDelaysMs: [1_000, 2_000] });
    saver.edit(spec('Typed'));
    await vi.advanceTimersByTimeAsync(800);
    expect(saver.getState()).toMatchObject({ status: 'error', code: 'network_error' });
    expect(describeSaveState(saver.getState())).toContain('The server could not be reached');
    expect(readBackup(storage, 'v1')?.spec.steps[0]?.title).toBe('Typed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.getState().status).toBe('error');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(saver.getState().status).toBe('saved');
    expect(readBackup(storage, 'v1')).toBeNull();
  });

  it('does not retry a refusal that would repeat (a frozen version), and keeps the local copy', async () => {
    const storage = memoryStorage();
    const save = vi.fn(() => Promise.reject(Object.assign(new Error('This version is deployed.'), { code: 'version_frozen' })));
    const saver = new Autosaver({ versionId: 'v1', storage, save });
    saver.edit(spec('Edit'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.getState()).toMatchObject({ status: 'error', code: 'version_frozen', retryAt: null });
    expect(readBackup(storage, 'v1')).not.toBeNull();
  });

  it('never sends a spec that is not well-formed yet, but keeps it locally', async () => {
    const storage = memoryStorage();
    const save = vi.fn(() => Promise.resolve());
    const saver = new Autosaver({ versionId: 'v1', storage, save });
    saver.edit(spec('   '));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.getState()).toMatchObject({ status: 'invalid', message: expect.stringContaining('title') });
    expect(readBackup(storage, 'v1')?.spec.steps[0]?.title).toBe('   ');
    saver.edit(spec('Fixed'));
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('an edit made while a save is running is saved right after it', async () => {
    let release: () => void = () => undefined;
    const titles: string[] = [];
    const save = vi.fn((s: AppSpec) => {
      titles.push(s.steps[0]?.title ?? '');
      return titles.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    });
    const saver = new Autosaver({ versionId: 'v1', storage: memoryStorage(), save });
    saver.edit(spec('one'));
    await vi.advanceTimersByTimeAsync(800);
    saver.edit(spec('two'));
    expect(saver.getState().status).toBe('saving');
    release();
    await vi.advanceTimersByTimeAsync(800);
    expect(titles).toEqual(['one', 'two']);
    expect(saver.getState().status).toBe('saved');
  });

  it('flush saves immediately', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = new Autosaver({ versionId: 'v1', storage: memoryStorage(), save });
    saver.edit(spec('now'));
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('readBackup', () => {
  it('ignores garbage and other versions, and survives a storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem('appforge:builder:unsaved:v1', '{not json');
    expect(readBackup(storage, 'v1')).toBeNull();
    storage.setItem('appforge:builder:unsaved:v1', JSON.stringify({ spec: { steps: 'no' }, at: 1 }));
    expect(readBackup(storage, 'v1')).toBeNull();
    storage.setItem('appforge:builder:unsaved:v1', JSON.stringify({ spec: spec('x'), at: 1 }));
    expect(readBackup(storage, 'v2')).toBeNull();
    expect(readBackup(storage, 'v1')?.spec.steps[0]?.title).toBe('x');
    clearBackup(storage, 'v1');
    expect(readBackup(storage, 'v1')).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readBackup(throwing, 'v1')).toBeNull();
  });
});
