// Where SMS codes go: Twilio when configured (AUTH_SMS_PROVIDER=twilio), or — outside production —
// the development inbox, where a text message shows up like the e-mails (AUTH_SMS_PROVIDER=inbox).
import { z } from 'zod';
import type { Mailer } from '../mail/mailer.js';
import { AuthApiError } from './errors.js';

export interface SmsMessage {
  /** E.164 digits without the plus, as GoTrue stores phone numbers. */
  to: string;
  body: string;
  /** What the message is for: 'sms_otp', 'phone_change' or 'mfa_phone'. */
  tag: string;
  /** GoTrue's message channel; 'whatsapp' only where the sender supports it (Twilio). Default 'sms'. */
  channel?: SmsChannel;
}

export type SmsChannel = 'sms' | 'whatsapp';

export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
  /** Whether the sender delivers over WhatsApp too (GoTrue: Twilio only). */
  readonly whatsapp?: boolean;
}

/** GoTrue's InvalidChannelError, word for word. */
export const INVALID_CHANNEL_MESSAGE =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/** GoTrue's IsValidMessageChannel: 'sms' always, 'whatsapp' only with a sender that has it; else undefined. */
export function validChannel(channel: string | null | undefined, sender: SmsSender | undefined): SmsChannel | undefined {
  if (channel === undefined || channel === null || channel === '' || channel === 'sms') return 'sms';
  if (channel === 'whatsapp' && sender?.whatsapp === true) return 'whatsapp';
  return undefined;
}

/**
 * "Test numbers only" (AUTH_SMS_PROVIDER=none with AUTH_SMS_TEST_OTP set, as a Supabase project with
 * phone on, test OTPs and no provider): test numbers never reach a sender; any other number gets
 * GoTrue's answer when it cannot build an SMS provider.
 */
/** GoTrue's words when it cannot build an SMS provider for a sign-in code. */
export const NO_SMS_PROVIDER_MESSAGE = 'Unable to get SMS provider';

export function noProviderSmsSender(): SmsSender {
  return {
    send() {
      return Promise.reject(new AuthApiError(500, 'unexpected_failure', NO_SMS_PROVIDER_MESSAGE));
    },
  };
}

/** The dev inbox's address for a phone number: the SMS is listed with the e-mails. */
export function smsInboxAddress(phone: string): string {
  return `${phone}@sms.invalid`;
}

/** Development: every SMS is kept in the dev inbox (searchable by `to:<digits>@sms.invalid`). */
export function inboxSmsSender(mailer: Mailer): SmsSender {
  return {
    async send(message) {
      const { id } = await mailer.send({
        to: smsInboxAddress(message.to),
        subject: `SMS to +${message.to}`,
        text: message.body,
        html: `<pre>${message.body.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)}</pre>`,
        tag: message.tag,
      });
      return { messageId: id };
    },
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A Messaging Service SID (MG…) or a sender number (+…). */
  from: string;
  /** https://api.twilio.com unless overridden (a loopback fake in tests). */
  apiUrl: string;
}

const twilioAnswer = z.object({ sid: z.string() });

/** Twilio's Messages API, as GoTrue's Twilio provider calls it. */
export function twilioSmsSender(config: TwilioConfig): SmsSender {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    whatsapp: true,
    async send(message) {
      // WhatsApp goes through the same Messages API with `whatsapp:`-prefixed addresses (as GoTrue's Twilio provider).
      const prefix = message.channel === 'whatsapp' ? 'whatsapp:' : '';
      const form = new URLSearchParams({ To: `${prefix}+${message.to}`, Body: message.body });
      const fromKey = config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';
      form.set(fromKey, fromKey === 'From' ? `${prefix}${config.from}` : config.from);
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
      const answer: unknown = await response.json().catch(() => ({}));
      if (!response.ok) {
        const detail = (answer as { message?: unknown }).message;
        throw new Error(`Twilio refused the SMS (HTTP ${response.status}${typeof detail === 'string' ? `: ${detail}` : ''})`);
      }
      return { messageId: twilioAnswer.parse(answer).sid };
    },
  };
}
