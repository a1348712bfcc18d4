// GET /settings, GET /health, GET /.well-known/jwks.json
import { Hono } from 'hono';
import type { AppEnv } from '../../http/types.js';
import type { AuthContext } from '../context.js';
import { AuthApiError } from '../errors.js';
import { OAUTH_PROVIDERS } from '../settings.js';

export function metaRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/settings', (c) => {
    const external: Record<string, boolean> = { anonymous_users: ctx.settings.anonymousSignIns, email: true, phone: ctx.sms !== undefined };
    for (const provider of OAUTH_PROVIDERS) {
      external[provider] = ctx.config.oauth[provider] !== undefined || ctx.config.mode !== 'production';
    }
    return c.json({
      external,
      disable_signup: ctx.settings.disableSignup,
      mailer_autoconfirm: ctx.settings.mailerAutoconfirm,
      phone_autoconfirm: ctx.settings.smsAutoconfirm,
      sms_provider: ctx.config.sms.provider === 'none' ? '' : ctx.config.sms.provider,
      saml_enabled: false,
    });
  });

  // SAML SSO is not offered: GoTrue's answer when SAML is off, for every /sso route.
  const samlDisabled = (): never => {
    throw new AuthApiError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  };
  app.post('/sso', samlDisabled);
  app.get('/sso/saml/metadata', samlDisabled);
  app.post('/sso/saml/acs', samlDisabled);

  app.get('/health', (c) =>
    c.json({ version: 'appforge', name: 'GoTrue', description: 'Appforge embedded auth API (GoTrue-compatible)' }),
  );

  // The asymmetric signing key's public half (JWT_SIGNING_ALG ES256/RS256), so clients such as
  // auth-js getClaims() verify locally; empty with HS256 only (symmetric keys are never published).
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.jwt.jwks);
  });

  return app;
}
