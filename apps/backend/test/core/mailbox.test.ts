import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailbox } from '../../src/mail/mailbox.js';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { startSmtpSink } from './smtp-sink.js';
import type { SmtpSink } from './smtp-sink.js';

const otpMail = (to: string, code: string) => ({
  to,
  subject: `Your Appforge code is ${code}`,
  text: `Your sign-in code is ${code}. It expires in one hour.`,
  html: `<p>Your sign-in code is</p><p style="font-size:32px"><strong>${code}</strong></p>`,
  tag: 'otp',
});

describe('dev inbox (Mailpit-compatible)', () => {
  let backend: TestBackend;
  let inbox: string;
  beforeAll(async () => {
    backend = await startTestBackend();
    inbox = backend.mailboxUrl ?? '';
  });
  afterAll(() => backend.stop());
  beforeEach(async () => {
    await fetch(`${inbox}/api/v1/messages`, { method: 'DELETE' });
  });

  it('lists sent mail newest first in Mailpit shape', async () => {
    await backend.deps.mailer.send(otpMail('ada@example.org', '111111'));
    await backend.deps.mailer.send(otpMail('bob@example.org', '222222'));
    const list = (await (await fetch(`${inbox}/api/v1/messages`)).json()) as {
      total: number;
      count: number;
      messages: { ID: string; From: unknown; To: unknown; Subject: string; Created: string; Snippet: string; Tags: string[] }[];
    };
    expect(list.total).toBe(2);
    expect(list.count).toBe(2);
    expect(list.messages.map((m) => m.Subject)).toEqual(['Your Appforge code is 222222', 'Your Appforge code is 111111']);
    expect(list.messages[0]).toMatchObject({
      ID: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      From: { Name: 'Appforge', Address: 'no-reply@appforge.local' },
      To: [{ Name: '', Address: 'bob@example.org' }],
      Snippet: 'Your sign-in code is 222222. It expires in one hour.',
      Tags: ['otp'],
    });
    expect(Number.isNaN(Date.parse(list.messages[0]?.Created ?? ''))).toBe(false);
  });

  it('finds mail by recipient and by words, and serves one message in full', async () => {
    await backend.deps.mailer.send(otpMail('ada@example.org', '333333'));
    await backend.deps.mailer.send(otpMail('bob@example.org', '444444'));
    const search = async (query: string) =>
      (await (await fetch(`${inbox}/api/v1/search?query=${encodeURIComponent(query)}`)).json()) as {
        messages: { ID: string; To: { Address: string }[] }[];
      };
    const forAda = await search('to:ada@example.org');
    expect(forAda.messages.map((m) => m.To[0]?.Address)).toEqual(['ada@example.org']);
    expect((await search('444444')).messages).toHaveLength(1);
    expect((await search('subject:"code is 3333" to:ada')).messages).toHaveLength(1);
    expect((await search('to:nobody@example.org')).messages).toHaveLength(0);

    const id = forAda.messages[0]?.ID ?? '';
    const message = (await (await fetch(`${inbox}/api/v1/message/${id}`)).json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      ID: id,
      Subject: 'Your Appforge code is 333333',
      Text: 'Your sign-in code is 333333. It expires in one hour.',
      HTML: expect.stringContaining('<strong>333333</strong>'),
      To: [{ Name: '', Address: 'ada@example.org' }],
      Tags: ['otp'],
    });
    expect(typeof message.Date).toBe('string');
  });

  it('answers an unknown or hostile message id with 404', async () => {
    for (const id of ['nope', '..%2F..%2Fetc%2Fpasswd', "1'or'1"]) {
      const response = await fetch(`${inbox}/api/v1/message/${id}`);
      expect(response.status).toBe(404);
    }
  });

  it('deletes chosen messages or all of them', async () => {
    await backend.deps.mailer.send(otpMail('a@example.org', '1'));
    const { id } = await backend.deps.mailer.send(otpMail('b@example.org', '2'));
    const one = await fetch(`${inbox}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: [id] }) });
    expect(one.status).toBe(200);
    expect(backend.mailbox?.list().map((m) => m.to[0]?.address)).toEqual(['a@example.org']);
    const bad = await fetch(`${inbox}/api/v1/messages`, { method: 'DELETE', body: '{"IDs": [1, 2' });
    expect(bad.status).toBe(400);
    expect(backend.mailbox?.list()).toHaveLength(1);
    await fetch(`${inbox}/api/v1/messages`, { method: 'DELETE' });
    expect(backend.mailbox?.list()).toHaveLength(0);
  });

  it('shows a web page listing mail, with the HTML body sandboxed and the subject escaped', async () => {
    const { id } = await backend.deps.mailer.send({
      ...otpMail('eve@example.org', '555555'),
      subject: '<script>alert(1)</script> hello',
      html: '<p>hi</p><script>steal()</script>',
    });
    const page = await (await fetch(`${inbox}/`)).text();
    expect(page).toContain(`/view/${id}`);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; hello');
    expect(page).not.toContain('<script>alert(1)');
    const view = await (await fetch(`${inbox}/view/${id}`)).text();
    expect(view).toMatch(/<iframe sandbox="" [^>]*srcdoc="&lt;p&gt;hi&lt;\/p&gt;&lt;script&gt;steal\(\)&lt;\/script&gt;"/);
    expect(view).not.toContain('<script>steal');
  });

  it('lets a test wait for a mail that has not arrived yet', async () => {
    const waiting = backend.mailbox?.waitFor('to:late@example.org', 2000);
    await backend.deps.mailer.send(otpMail('late@example.org', '666666'));
    expect((await waiting)?.subject).toBe('Your Appforge code is 666666');
  });
});

describe('mailbox persistence', () => {
  it('keeps mail across restarts as JSON lines and survives a torn last line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appforge-mailbox-'));
    try {
      const first = await Mailbox.open({ from: 'Appforge <no-reply@appforge.local>', dir });
      await first.send(otpMail('ada@example.org', '777777'));
      await first.send(otpMail('bob@example.org', '888888'));
      // A crash in the middle of a write leaves half a line behind.
      appendFileSync(join(dir, 'messages.jsonl'), '{"id":"half","from":{"na');
      const reopened = await Mailbox.open({ from: 'Appforge <no-reply@appforge.local>', dir });
      expect(reopened.list().map((m) => m.subject)).toEqual(['Your Appforge code is 888888', 'Your Appforge code is 777777']);
      await reopened.delete();
      expect((await Mailbox.open({ from: 'x <x@y.z>', dir })).list()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP_URL', () => {
  let sink: SmtpSink;
  let backend: TestBackend;
  beforeAll(async () => {
    sink = await startSmtpSink();
    backend = await startTestBackend({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: 'Appforge <hello@appforge.test>' } });
  });
  afterAll(async () => {
    await backend.stop();
    await sink.close();
  });

  it('sends through the SMTP server instead of the dev inbox (queued: a job hands it over)', async () => {
    expect(backend.mailboxUrl).toBeUndefined();
    const { id } = await backend.deps.mailer.send(otpMail('ada@example.org', '999999'));
    expect(id).toMatch(/@send-mail$/);
    for (let tries = 0; tries < 200 && sink.received.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail?.from).toBe('hello@appforge.test');
    expect(mail?.to).toEqual(['ada@example.org']);
    expect(mail?.data).toContain('Subject: Your Appforge code is 999999');
    expect(mail?.data).toContain('X-Appforge-Tag: otp');
    expect(mail?.data).toContain('multipart/alternative');
  });
});
