// Auth mail through the job queue: with SMTP_URL set, a mail is a `send-mail` job (written in the
// request's transaction where the engine needs it) and a worker hands it to the SMTP server,
// retried with backoff when the server is down or refuses it. The dev inbox stays in-process.
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import type { JobQueue } from './queue.js';

export const SEND_MAIL_QUEUE = 'send-mail';

const mailJob = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string(),
  tag: z.string().max(64),
});

/** Starts the `send-mail` worker and returns the Mailer the auth routes use. */
export async function queuedMailer(queue: JobQueue, smtp: Mailer, current: () => Queryable | undefined): Promise<Mailer> {
  await queue.work<OutgoingMail>(SEND_MAIL_QUEUE, async (data) => smtp.send(mailJob.parse(data)), {
    retryLimit: 6,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
  });
  return {
    async send(mail) {
      const transaction = current();
      const id = await queue.send(SEND_MAIL_QUEUE, mailJob.parse(mail), transaction ? { db: transaction } : {});
      return { id: `${id}@${SEND_MAIL_QUEUE}` };
    },
  };
}
