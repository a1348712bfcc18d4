import { describe, expect, it } from 'vitest';
import { createContentChecker } from '../safety/checker.ts';
import { ClassLiveHub } from './live-output.ts';
import type { LiveOutputMessage } from './live-output.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const checker = createContentChecker();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hubWith(options: { intervalMs?: number; snapshotMs?: number; fail?: boolean } = {}) {
  const sent: { classId: string; message: LiveOutputMessage }[] = [];
  const idle: string[] = [];
  const hub = new ClassLiveHub({
    send: (classId, message) => {
      sent.push({ classId, message });
      return options.fail ? Promise.reject(new Error('down')) : Promise.resolve();
    },
    checker,
    log,
    intervalMs: options.intervalMs ?? 20,
    snapshotMs: options.snapshotMs ?? 10_000,
    onIdle: (classId) => idle.push(classId),
  });
  return { hub, sent, idle };
}

describe('ClassLiveHub', () => {
  it('sends one message per class per tick with every changed run, deltas after the first piece', async () => {
    const { hub, sent, idle } = hubWith();
    const a = hub.run('class-1', 'run-a', {});
    const b = hub.run('class-1', 'run-b', {});
    const c = hub.run('class-2', 'run-c', {});
    a.token('write', 'Plants ');
    a.token('write', 'make ');
    b.token('write', 'Cells ');
    c.token('write', 'Atoms ');
    await wait(60);
    expect(sent.filter((entry) => entry.classId === 'class-1')).toEqual([
      {
        classId: 'class-1',
        message: {
          sent_at: expect.any(Number) as number,
          parts: [
            { run_id: 'run-a', step_id: 'write', from: 0, text: 'Plants make ' },
            { run_id: 'run-b', step_id: 'write', from: 0, text: 'Cells ' },
          ],
        },
      },
    ]);
    a.token('write', 'sugar.');
    a.close();
    b.close();
    c.close();
    await wait(80);
    expect(sent.flatMap((entry) => entry.message.parts)).toContainEqual({ run_id: 'run-a', step_id: 'write', from: 12, text: 'sugar.' });
    expect(idle.sort()).toEqual(['class-1', 'class-2']);
    expect(hub.activeClasses).toBe(0);
  });

  it('sends the whole text again after the snapshot interval, and starts over on a new step', async () => {
    const { hub, sent } = hubWith({ snapshotMs: 0 });
    const run = hub.run('class-1', 'run-a', {});
    run.token('write', 'One ');
    await wait(40);
    run.token('write', 'two.');
    await wait(40);
    run.token('poem', 'Roses');
    run.close();
    await wait(40);
    expect(sent.flatMap((entry) => entry.message.parts)).toEqual([
      { run_id: 'run-a', step_id: 'write', from: 0, text: 'One ' },
      { run_id: 'run-a', step_id: 'write', from: 0, text: 'One two.' },
      { run_id: 'run-a', step_id: 'poem', from: 0, text: 'Roses' },
    ]);
  });

  it('withholds a run once its output is flagged, even across pieces, and never sends the flagged text', async () => {
    const { hub, sent } = hubWith();
    const run = hub.run('class-1', 'run-a', {});
    run.token('write', 'Sometimes I want to kill ');
    await wait(40);
    run.token('write', 'myself, she wrote.');
    await wait(40);
    run.token('write', ' More text after it.');
    run.close();
    await wait(40);
    const parts = sent.flatMap((entry) => entry.message.parts);
    expect(parts).toEqual([
      { run_id: 'run-a', step_id: 'write', from: 0, text: 'Sometimes I want to kill ' },
      { run_id: 'run-a', step_id: 'write', withheld: ['self_harm'] },
    ]);
  });

  it("follows the class's checks (a check turned off does not withhold) and keeps going when a send fails", async () => {
    const { hub, sent } = hubWith({ fail: true });
    const run = hub.run('class-1', 'run-a', { profanity: false });
    run.token('write', 'This is shit.');
    await wait(40);
    run.token('write', ' Fine.');
    run.close();
    await wait(60);
    expect(sent.flatMap((entry) => entry.message.parts)).toEqual([
      { run_id: 'run-a', step_id: 'write', from: 0, text: 'This is shit.' },
      { run_id: 'run-a', step_id: 'write', from: 13, text: ' Fine.' },
    ]);
    expect(hub.activeClasses).toBe(0);
  });
});
