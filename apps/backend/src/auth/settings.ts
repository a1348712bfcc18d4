import type { BackendConfig, OAuthProvider } from '../env.js';

/**
 * Auth behaviour that GoTrue makes configurable. Defaults follow hosted Supabase (e-mail
 * confirmation ON, 1 h codes, 10 s refresh-token reuse window), except that manual identity
 * linking is on because the product's account page links Google/Facebook/Apple identities.
 */
export interface AuthSettings {
  /** false (default, like hosted): sign-up returns a bare user and mails a confirmation. */
  mailerAutoconfirm: boolean;
  /** false (default): phone sign-up sends a code; true: the number is confirmed at once (SMS_AUTOCONFIRM). */
  smsAutoconfirm: boolean;
  disableSignup: boolean;
  otpLength: number;
  otpExpirySeconds: number;
  /** A code is dead after this many wrong tries, even for the right code afterwards. */
  otpMaxAttempts: number;
  /** Minimum seconds between two mails of one kind to one address (GoTrue SMTP_MAX_FREQUENCY). */
  emailMinIntervalSeconds: number;
  refreshTokenReuseSeconds: number;
  passwordMinLength: number;
  flowStateExpirySeconds: number;
  mfaChallengeExpirySeconds: number;
  /** AUTH_MANUAL_LINKING (default on). */
  manualLinking: boolean;
  /** AUTH_ANONYMOUS_SIGN_INS (default off, as on hosted projects). */
  anonymousSignIns: boolean;
  /** Sign-up / sign-in / OTP / recover / resend requests per IP per 5 minutes. */
  sendPerIpPer5Min: number;
}

export const OAUTH_PROVIDERS: readonly OAuthProvider[] = ['google', 'facebook', 'apple'];

export function resolveAuthSettings(config: BackendConfig, overrides: Partial<AuthSettings> = {}): AuthSettings {
  return {
    mailerAutoconfirm: config.mailerAutoconfirm,
    smsAutoconfirm: config.smsAutoconfirm,
    disableSignup: config.disableSignup,
    otpLength: 6,
    otpExpirySeconds: 3600,
    otpMaxAttempts: 5,
    emailMinIntervalSeconds: 60,
    refreshTokenReuseSeconds: 10,
    passwordMinLength: 6,
    flowStateExpirySeconds: 300,
    mfaChallengeExpirySeconds: 300,
    manualLinking: config.manualLinking,
    anonymousSignIns: config.anonymousSignIns,
    sendPerIpPer5Min: config.rateLimits.signInSignUpsPer5Min,
    ...overrides,
  };
}
