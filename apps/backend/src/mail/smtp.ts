import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';

/** Sends through a real SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Appforge-Tag': mail.tag },
      });
      return { id: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
