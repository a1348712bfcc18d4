// The auth mails Appforge sends: subject, plain text and HTML, with the code large and the link.
import type { OutgoingMail } from '../mail/mailer.js';

export type AuthMailKind = 'confirmation' | 'otp' | 'magic_link' | 'recovery' | 'email_change' | 'invite' | 'reauthentication';

interface Wording {
  subject: (code: string) => string;
  heading: string;
  intro: string;
  button: string;
  outro: string;
}

const WORDING: Record<AuthMailKind, Wording> = {
  confirmation: {
    subject: () => 'Confirm your Appforge account',
    heading: 'Welcome to Appforge',
    intro: 'Confirm your e-mail address to finish creating your Appforge account. Enter this code:',
    button: 'Confirm my account',
    outro: "If you didn't create an Appforge account, you can ignore this e-mail.",
  },
  otp: {
    subject: (code) => `Your Appforge sign-in code: ${code}`,
    heading: 'Sign in to Appforge',
    intro: 'Enter this code to sign in to Appforge:',
    button: 'Sign in to Appforge',
    outro: "If you didn't try to sign in, you can ignore this e-mail: nobody can sign in without the code.",
  },
  magic_link: {
    subject: (code) => `Your Appforge sign-in link (code ${code})`,
    heading: 'Sign in to Appforge',
    intro: 'Use this code to sign in to Appforge:',
    button: 'Sign in to Appforge',
    outro: "If you didn't try to sign in, you can ignore this e-mail.",
  },
  recovery: {
    subject: () => 'Reset your Appforge password',
    heading: 'Reset your password',
    intro: 'Someone asked to reset the password of your Appforge account. Enter this code:',
    button: 'Choose a new password',
    outro: "If you didn't ask for this, you can ignore this e-mail: your password stays the same.",
  },
  email_change: {
    subject: () => 'Confirm your new e-mail address for Appforge',
    heading: 'Confirm your new address',
    intro: 'Confirm that you want to use this address for your Appforge account. Enter this code:',
    button: 'Confirm my new address',
    outro: "If you didn't ask for this change, you can ignore this e-mail: nothing changes until it is confirmed.",
  },
  reauthentication: {
    subject: (code) => `Your Appforge confirmation code: ${code}`,
    heading: 'Confirm it is you',
    intro: 'Enter this code to confirm a change to your Appforge account, such as a new password:',
    button: 'Open Appforge',
    outro: "If you didn't ask for this, someone may know your password: change it, and you can ignore this e-mail.",
  },
  invite: {
    subject: () => "You've been invited to Appforge",
    heading: "You're invited",
    intro: 'You have been invited to create an Appforge account. Enter this code:',
    button: 'Accept the invitation',
    outro: "If you weren't expecting this invitation, you can ignore this e-mail.",
  },
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function buildAuthMail(
  kind: AuthMailKind,
  input: { to: string; code: string; link: string; expiresInMinutes: number },
): OutgoingMail {
  const words = WORDING[kind];
  const validity = `The code and the link work once and expire in ${input.expiresInMinutes} minutes.`;
  const text = [
    words.heading,
    '',
    words.intro,
    '',
    `    ${input.code}`,
    '',
    `Or open this link: ${input.link}`,
    '',
    validity,
    words.outro,
    '',
    '— The Appforge team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(words.subject(input.code))}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2330">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="480" cellspacing="0" cellpadding="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:14px;font-weight:700;letter-spacing:.04em;color:#5b5bd6">APPFORGE</td></tr>
<tr><td style="padding-top:16px;font-size:22px;font-weight:700">${escapeHtml(words.heading)}</td></tr>
<tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(words.intro)}</td></tr>
<tr><td style="padding:20px 0;font-size:36px;font-weight:700;letter-spacing:10px;font-family:ui-monospace,Menlo,Consolas,monospace" data-testid="otp-code">${escapeHtml(input.code)}</td></tr>
<tr><td><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#5b5bd6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(words.button)}</a></td></tr>
<tr><td style="padding-top:20px;font-size:13px;color:#5d6272;line-height:1.5">${escapeHtml(validity)}<br>${escapeHtml(words.outro)}</td></tr>
<tr><td style="padding-top:20px;font-size:12px;color:#8a8fa0;word-break:break-all">Link not working? Paste this into your browser: ${escapeHtml(input.link)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: words.subject(input.code), text, html, tag: kind };
}
