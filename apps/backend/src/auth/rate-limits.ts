import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BackendConfig } from '../env.js';
import { errors } from './errors.js';
import type { AuthSettings } from './settings.js';

/**
 * Per-IP and per-address limits on the endpoints that send mail or check secrets, in memory
 * (one server process). Exceeding one throws the GoTrue 429 error for it.
 */
export function createRateLimits(config: Pick<BackendConfig, 'rateLimits'>, settings: AuthSettings) {
  const fiveMinutes = 300;
  const sendPerIp = new RateLimiterMemory({ keyPrefix: 'send-ip', points: settings.sendPerIpPer5Min, duration: fiveMinutes });
  const mailPerAddress = new RateLimiterMemory({
    keyPrefix: 'mail-address',
    points: config.rateLimits.emailSentPerHour,
    duration: 3600,
  });
  const verifyPerIp = new RateLimiterMemory({ keyPrefix: 'verify-ip', points: config.rateLimits.verifyPer5Min, duration: fiveMinutes });
  const verifyPerAddress = new RateLimiterMemory({
    keyPrefix: 'verify-address',
    points: config.rateLimits.verifyPer5Min,
    duration: fiveMinutes,
  });
  const tokenPerIp = new RateLimiterMemory({ keyPrefix: 'token-ip', points: config.rateLimits.tokenPer5Min, duration: fiveMinutes });
  const mfaPerIp = new RateLimiterMemory({ keyPrefix: 'mfa-ip', points: 15, duration: 60 });

  async function take(limiter: RateLimiterMemory, key: string, onLimit: () => Error): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw onLimit();
      throw error;
    }
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
