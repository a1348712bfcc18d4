import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseAddress } from './address.js';
import type { MailAddress } from './address.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/** One e-mail as the dev inbox keeps it. */
export interface StoredMail {
  id: string;
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
  tag: string;
  /** ISO 8601 time the message was accepted. */
  created: string;
}

const storedMailSchema = z.object({
  id: z.string().min(1),
  from: z.object({ name: z.string(), address: z.string() }),
  to: z.array(z.object({ name: z.string(), address: z.string() })),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  tag: z.string(),
  created: z.string(),
});

/** Mailpit-style ids: 22 characters of URL-safe base64. */
function newId(): string {
  return randomBytes(16).toString('base64url');
}

function tokenize(query: string): string[] {
  const terms: string[] = [];
  const pattern = /(\S+?:)?"([^"]*)"|(\S+)/g;
  for (const match of query.matchAll(pattern)) {
    if (match[2] !== undefined) terms.push(`${match[1] ?? ''}${match[2]}`);
    else if (match[3] !== undefined) terms.push(match[3]);
  }
  return terms;
}

function matches(mail: StoredMail, term: string): boolean {
  const lower = term.toLowerCase();
  const colon = lower.indexOf(':');
  const field = colon > 0 ? lower.slice(0, colon) : '';
  const value = colon > 0 ? lower.slice(colon + 1) : lower;
  const addresses = (list: MailAddress[]): string =>
    list.map((a) => `${a.name} <${a.address}>`.toLowerCase()).join(' ');
  switch (field) {
    case 'to':
      return addresses(mail.to).includes(value);
    case 'from':
      return addresses([mail.from]).includes(value);
    case 'subject':
      return mail.subject.toLowerCase().includes(value);
    case 'tag':
      return mail.tag.toLowerCase() === value;
    default:
      return [mail.subject, mail.text, addresses(mail.to), addresses([mail.from])]
        .join('\n')
        .toLowerCase()
        .includes(lower);
  }
}

/**
 * The development inbox: every e-mail the backend sends is kept here (in memory, and as JSON lines
 * under DATA_DIR/mailbox when a directory is given) and served by the Mailpit-compatible API.
 */
export class Mailbox implements Mailer {
  private readonly messages: StoredMail[] = [];
  private writes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(mail: StoredMail) => void>();

  private constructor(
    private readonly from: MailAddress,
    private readonly file: string | undefined,
  ) {}

  /** Opens the inbox; with a directory, earlier messages are read back from messages.jsonl. */
  static async open(options: { from: string; dir?: string | undefined }): Promise<Mailbox> {
    const file = options.dir ? join(options.dir, 'messages.jsonl') : undefined;
    const mailbox = new Mailbox(parseAddress(options.from), file);
    if (options.dir && file) {
      await mkdir(options.dir, { recursive: true });
      let content = '';
      try {
        content = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      for (const line of content.split('\n')) {
        if (line.trim() === '') continue;
        try {
          const parsed = storedMailSchema.safeParse(JSON.parse(line));
          // A torn last line after a crash is skipped rather than losing the whole inbox.
          if (parsed.success) mailbox.messages.push(parsed.data);
        } catch {
          continue;
        }
      }
    }
    return mailbox;
  }

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const stored: StoredMail = {
      id: newId(),
      from: this.from,
      to: [parseAddress(mail.to)],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      tag: mail.tag,
      created: new Date().toISOString(),
    };
    this.messages.push(stored);
    if (this.file) {
      const file = this.file;
      this.writes = this.writes.then(() => appendFile(file, `${JSON.stringify(stored)}\n`, 'utf8'));
      await this.writes;
    }
    for (const listener of this.listeners) listener(stored);
    return { id: stored.id };
  }

  /** Newest first. */
  list(): StoredMail[] {
    return [...this.messages].reverse();
  }

  get(id: string): StoredMail | undefined {
    return this.messages.find((mail) => mail.id === id);
  }

  /** Mailpit search syntax subset: `to:`, `from:`, `subject:`, `tag:` and plain words (all must match). */
  search(query: string): StoredMail[] {
    const terms = tokenize(query);
    return this.list().filter((mail) => terms.every((term) => matches(mail, term)));
  }

  /** Deletes the given messages, or all when ids is undefined. Returns how many were removed. */
  async delete(ids?: readonly string[]): Promise<number> {
    const before = this.messages.length;
    if (ids === undefined) this.messages.length = 0;
    else {
      const remove = new Set(ids);
      const keep = this.messages.filter((mail) => !remove.has(mail.id));
      this.messages.length = 0;
      this.messages.push(...keep);
    }
    if (this.file) {
      const file = this.file;
      const content = this.messages.map((mail) => `${JSON.stringify(mail)}\n`).join('');
      this.writes = this.writes.then(() => writeFile(file, content, 'utf8'));
      await this.writes;
    }
    return before - this.messages.length;
  }

  /** Resolves with the first message (already stored or arriving later) that matches the query. */
  waitFor(query: string, timeoutMs = 5000): Promise<StoredMail> {
    const existing = this.search(query)[0];
    if (existing) return Promise.resolve(existing);
    const terms = tokenize(query);
    return new Promise((resolve, reject) => {
      const listener = (mail: StoredMail): void => {
        if (!terms.every((term) => matches(mail, term))) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`No e-mail matching "${query}" within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /** Waits for pending writes to reach the file. */
  async flush(): Promise<void> {
    await this.writes;
  }
}
