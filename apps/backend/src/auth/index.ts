import { Hono } from 'hono';
import type { AppEnv, BackendDeps } from '../http/types.js';
import type { AuthContext } from './context.js';
import { AuthApiError, OAuthStyleError, errors, renderAuthError } from './errors.js';
import { createRateLimits } from './rate-limits.js';
import { createRedirectPolicy } from './redirects.js';
import { adminRoutes } from './routes/admin.js';
import { emailRoutes } from './routes/email.js';
import { metaRoutes } from './routes/meta.js';
import { mfaRoutes } from './routes/mfa.js';
import { webauthnMfaRoutes } from './routes/mfa-webauthn.js';
import { passkeyRoutes } from './routes/passkeys.js';
import { oauthRoutes } from './routes/oauth.js';
import { oauthClientRoutes } from './routes/oauth-clients.js';
import { tokenRoutes } from './routes/token.js';
import { userRoutes } from './routes/user.js';
import type { AuthSettings } from './settings.js';
import { resolveAuthSettings } from './settings.js';
import { inboxSmsSender, noProviderSmsSender, twilioSmsSender } from './sms.js';

export type { AuthSettings };

/**
 * The GoTrue-compatible auth API (supabase-wire §1), mounted by the app at /auth/v1.
 * `overrides` changes auth behaviour (e.g. mailerAutoconfirm) beyond what BackendConfig carries.
 */
export function createAuthApi(deps: BackendDeps, overrides: Partial<AuthSettings> = {}): Hono<AppEnv> {
  const settings = resolveAuthSettings(deps.config, overrides);
  const ctx: AuthContext = {
    ...deps,
    settings,
    limits: createRateLimits(deps.config, settings, deps.sharedLimits),
    redirects: createRedirectPolicy(deps.config, deps.verifiedDomains),
    authBaseUrl: `${deps.config.apiExternalUrl}/auth/v1`,
    sms:
      deps.config.sms.provider === 'twilio'
        ? twilioSmsSender(deps.config.sms.twilio)
        : deps.config.sms.provider === 'inbox'
          ? inboxSmsSender(deps.mailer)
          : Object.keys(deps.config.smsTestOtp).length > 0 || settings.smsAutoconfirm
            ? noProviderSmsSender()
            : undefined,
  };
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof AuthApiError || error instanceof OAuthStyleError) return renderAuthError(c, error);
    const requestId = c.get('requestId') as string | undefined;
    deps.logger.error({ err: error, requestId, path: c.req.path }, 'auth request failed');
    return renderAuthError(c, errors.unexpected(), requestId);
  });

  app.route('/', metaRoutes(ctx));
  app.route('/', emailRoutes(ctx));
  app.route('/', tokenRoutes(ctx));
  app.route('/', userRoutes(ctx));
  // Passkeys and WebAuthn MFA (#20); the WebAuthn factor routes pass TOTP/phone factors on to mfaRoutes.
  app.route('/', passkeyRoutes(ctx));
  app.route('/', webauthnMfaRoutes(ctx));
  app.route('/', mfaRoutes(ctx));
  app.route('/', oauthRoutes(ctx));
  app.route('/', adminRoutes(ctx));
  // #20 (wire): the OAuth 2.1 server's admin client endpoints.
  app.route('/', oauthClientRoutes(ctx));
  return app;
}
