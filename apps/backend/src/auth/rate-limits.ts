import type { Limiter, Limits } from '@appforge/functions';
import type { BackendConfig } from '../env.js';
import { errors } from './errors.js';
import type { AuthSettings } from './settings.js';

/**
 * Per-IP and per-address limits on the endpoints that send mail or check secrets, on the shared
 * limits (counters in PostgreSQL, common to every backend process). Exceeding one throws the
 * GoTrue 429 error for it.
 */
export function createRateLimits(config: Pick<BackendConfig, 'rateLimits'>, settings: AuthSettings, limits: Limits) {
  const fiveMinutes = 300;
  const sendPerIp = limits.limiter({ name: 'send-ip', points: settings.sendPerIpPer5Min, durationSeconds: fiveMinutes });
  const mailPerAddress = limits.limiter({
    name: 'mail-address',
    points: config.rateLimits.emailSentPerHour,
    durationSeconds: 3600,
  });
  const verifyPerIp = limits.limiter({ name: 'verify-ip', points: config.rateLimits.verifyPer5Min, durationSeconds: fiveMinutes });
  const verifyPerAddress = limits.limiter({
    name: 'verify-address',
    points: config.rateLimits.verifyPer5Min,
    durationSeconds: fiveMinutes,
  });
  const tokenPerIp = limits.limiter({ name: 'token-ip', points: config.rateLimits.tokenPer5Min, durationSeconds: fiveMinutes });
  const mfaPerIp = limits.limiter({ name: 'mfa-ip', points: 15, durationSeconds: 60 });

  async function take(limiter: Limiter, key: string, onLimit: () => Error): Promise<void> {
    const decision = await limiter.consume(key);
    if (!decision.ok) throw onLimit();
  }

  return {
    /** sign-up, /otp, /recover, /resend, e-mail change: per client IP. */
    send: (ip: string) => take(sendPerIp, ip, errors.requestRateLimit),
    /** Every auth mail to one address. */
    mail: (address: string) => take(mailPerAddress, address.toLowerCase(), errors.emailRateLimit),
    /** /verify per client IP and, when known, per address. */
    verify: async (ip: string, address: string | undefined) => {
      await take(verifyPerIp, ip, errors.requestRateLimit);
      if (address) await take(verifyPerAddress, address.toLowerCase(), errors.requestRateLimit);
    },
    /** /token (all grants) per client IP. */
    token: (ip: string) => take(tokenPerIp, ip, errors.requestRateLimit),
    /** MFA challenge + verify per client IP. */
    mfa: (ip: string) => take(mfaPerIp, ip, errors.requestRateLimit),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
