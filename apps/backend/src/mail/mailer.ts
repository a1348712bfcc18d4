/** A message the product sends: every auth e-mail goes through a Mailer. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for, e.g. 'otp', 'magic_link', 'recovery', 'confirmation'. */
  tag: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
