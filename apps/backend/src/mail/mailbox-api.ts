import { Hono } from 'hono';
import { z } from 'zod';
import type { MailAddress } from './address.js';
import type { Mailbox, StoredMail } from './mailbox.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const pageQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

const deleteBody = z.object({ IDs: z.array(z.string().regex(ID)).optional() }).strict();

function address(a: MailAddress): { Name: string; Address: string } {
  return { Name: a.name, Address: a.address };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 250 ? `${flat.slice(0, 250)}…` : flat;
}

function summary(mail: StoredMail): Record<string, unknown> {
  return {
    ID: mail.id,
    MessageID: `${mail.id}@appforge.local`,
    Read: false,
    From: address(mail.from),
    To: mail.to.map(address),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: mail.subject,
    Created: mail.created,
    Tags: [mail.tag],
    Size: Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html),
    Attachments: 0,
    Snippet: snippet(mail.text),
  };
}

function listing(all: StoredMail[], total: number, start: number, limit: number): Record<string, unknown> {
  const page = all.slice(start, start + limit);
  return {
    total,
    unread: total,
    count: page.length,
    messages_count: all.length,
    start,
    tags: [...new Set(all.map((mail) => mail.tag))].sort(),
    messages: page.map(summary),
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const PAGE_STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f6f6f8}
header{background:#1b1b1f;color:#fff;padding:12px 24px}header a{color:#fff;text-decoration:none}
main{max-width:960px;margin:24px auto;padding:0 24px}table{width:100%;border-collapse:collapse;background:#fff}
td,th{padding:8px 12px;border-bottom:1px solid #e4e4e8;text-align:left;vertical-align:top}
a{color:#3b3bd1}.muted{color:#6b6b76;font-size:13px}iframe{width:100%;height:480px;border:1px solid #e4e4e8;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e4e4e8}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PAGE_STYLE}</style></head>
<body><header><a href="/"><strong>Appforge dev inbox</strong></a> <span class="muted">every e-mail the local backend sends</span></header>
<main>${body}</main></body></html>`;
}

/** Mailpit-compatible JSON API plus a small web page, served on MAILBOX_PORT. */
export function createMailboxApi(mailbox: Mailbox): Hono {
  const app = new Hono();

  app.get('/api/v1/messages', (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: 'invalid start or limit' }, 400);
    const all = mailbox.list();
    return c.json(listing(all, all.length, query.data.start, query.data.limit));
  });

  app.get('/api/v1/search', (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) return c.json({ error: 'invalid start or limit' }, 400);
    const found = mailbox.search(c.req.query('query') ?? '');
    return c.json(listing(found, mailbox.list().length, query.data.start, query.data.limit));
  });

  app.get('/api/v1/message/:id', (c) => {
    const id = c.req.param('id');
    const mail = ID.test(id) ? mailbox.get(id) : undefined;
    if (!mail) return c.json({ error: 'message not found' }, 404);
    return c.json({
      ID: mail.id,
      MessageID: `${mail.id}@appforge.local`,
      From: address(mail.from),
      To: mail.to.map(address),
      Cc: [],
      Bcc: [],
      ReplyTo: [],
      ReturnPath: mail.from.address,
      Subject: mail.subject,
      Date: mail.created,
      Tags: [mail.tag],
      Text: mail.text,
      HTML: mail.html,
      Size: Buffer.byteLength(mail.text) + Buffer.byteLength(mail.html),
      Inline: [],
      Attachments: [],
    });
  });

  app.delete('/api/v1/messages', async (c) => {
    const raw = await c.req.text();
    let ids: string[] | undefined;
    if (raw.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return c.json({ error: 'body must be JSON like {"IDs":["…"]}' }, 400);
      }
      const body = deleteBody.safeParse(json);
      if (!body.success) return c.json({ error: 'body must be JSON like {"IDs":["…"]}' }, 400);
      ids = body.data.IDs;
    }
    await mailbox.delete(ids);
    return c.text('ok');
  });

  app.get('/', (c) => {
    const rows = mailbox
      .list()
      .map(
        (mail) =>
          `<tr><td><a href="/view/${mail.id}">${escapeHtml(mail.subject || '(no subject)')}</a><div class="muted">${escapeHtml(snippet(mail.text).slice(0, 120))}</div></td>` +
          `<td>${escapeHtml(mail.to.map((a) => a.address).join(', '))}</td><td class="muted">${escapeHtml(mail.tag)}</td>` +
          `<td class="muted"><time datetime="${mail.created}">${escapeHtml(mail.created.replace('T', ' ').slice(0, 19))}</time></td></tr>`,
      )
      .join('');
    const body =
      rows === ''
        ? '<p>No e-mail yet. Sign in with a one-time code and it shows up here.</p>'
        : `<table><thead><tr><th>Subject</th><th>To</th><th>Kind</th><th>Received (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`;
    return c.html(page('Dev inbox', `<h1>Inbox</h1>${body}`));
  });

  app.get('/view/:id', (c) => {
    const id = c.req.param('id');
    const mail = ID.test(id) ? mailbox.get(id) : undefined;
    if (!mail) return c.html(page('Not found', '<p>That message is gone. <a href="/">Back to the inbox</a></p>'), 404);
    const html =
      `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
      `<p class="muted">From ${escapeHtml(`${mail.from.name} <${mail.from.address}>`)} to ${escapeHtml(mail.to.map((a) => a.address).join(', '))} · ${escapeHtml(mail.created)}</p>` +
      // The mail's own HTML is untrusted: render it with no scripts, no same-origin access.
      `<iframe sandbox="" title="HTML body" srcdoc="${escapeHtml(mail.html)}"></iframe>` +
      `<h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>`;
    return c.html(page(mail.subject, html));
  });

  app.notFound((c) => c.json({ error: 'not found' }, 404));
  return app;
}
