// OAuth: GET /authorize, GET|POST /callback, GET /user/identities/authorize (link), and the
// development-only local identity page GET|POST /dev-identity standing in for unconfigured providers.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/types.js';
import type { OAuthProvider } from '../../env.js';
import type { AuthContext } from '../context.js';
import { clientIp, isUuid, normaliseEmail } from '../context.js';
import { parseCodeChallenge, sha256Hex } from '../crypto.js';
import { AuthApiError, errors } from '../errors.js';
import { requireUser } from '../guards.js';
import type { ProviderAdapter, ProviderProfile } from '../providers.js';
import { createProviderAdapter } from '../providers.js';
import * as repo from '../repository.js';
import type { FlowStateRow } from '../repository.js';
import type { PendingSession } from '../sessions.js';
import { completeSession, implicitFragment, startSession } from '../sessions.js';
import { userForExternalIdentity } from '../external-identity.js';
import { OAUTH_PROVIDERS } from '../settings.js';
import { renderDevIdentityPage } from './dev-identity-page.js';
import { redirectWithError, redirectWithSession } from './redirect.js';

/** How long the browser may take between /authorize and the provider's callback. */
const OAUTH_ROUND_TRIP_SECONDS = 600;

function parseProvider(value: string | undefined): OAuthProvider {
  if (value && (OAUTH_PROVIDERS as readonly string[]).includes(value)) return value as OAuthProvider;
  throw errors.unsupportedProvider();
}

export function oauthRoutes(ctx: AuthContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const callbackUrl = `${ctx.authBaseUrl}/callback`;
  const adapters = new Map<OAuthProvider, ProviderAdapter>();
  for (const provider of OAUTH_PROVIDERS) {
    const credentials = ctx.config.oauth[provider];
    if (credentials) adapters.set(provider, createProviderAdapter(provider, credentials, callbackUrl));
  }
  const devIdentityEnabled = ctx.config.mode !== 'production';

  /** Records the flow and returns where the browser goes next: the provider, or the local page. */
  async function beginFlow(c: Context, linkUserId: string | null): Promise<string> {
    const provider = parseProvider(c.req.query('provider'));
    const adapter = adapters.get(provider);
    if (!adapter && !devIdentityEnabled) {
      throw new AuthApiError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled');
    }
    const pkce = parseCodeChallenge(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
    if (pkce === 'invalid') throw errors.validation('PKCE flow requires code_challenge_method and code_challenge to be valid');
    const flowId = randomUUID();
    const providerVerifier = adapter?.newCodeVerifier() ?? null;
    await repo.deleteExpiredFlowStates(ctx.db, OAUTH_ROUND_TRIP_SECONDS);
    await repo.insertFlowState(ctx.db, {
      id: flowId,
      userId: null,
      codeChallenge: pkce?.challenge ?? null,
      codeChallengeMethod: pkce?.method ?? null,
      providerType: provider,
      authenticationMethod: 'oauth',
      flowType: pkce ? 'pkce' : 'implicit',
      redirectTo: ctx.redirects.resolve(c.req.query('redirect_to')),
      providerCodeVerifier: providerVerifier,
      linkUserId,
    });
    const scopes = (c.req.query('scopes') ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
    if (adapter) return adapter.authorizationUrl(flowId, providerVerifier, scopes).href;
    return `${ctx.authBaseUrl}/dev-identity?flow=${flowId}`;
  }

  async function liveFlow(flowId: string | undefined): Promise<FlowStateRow | undefined> {
    if (!isUuid(flowId)) return undefined;
    const flow = await repo.findFlowState(ctx.db, flowId);
    if (!flow || flow.auth_code) return undefined;
    if (Date.now() - flow.created_at.getTime() > OAUTH_ROUND_TRIP_SECONDS * 1000) return undefined;
    return flow;
  }

  /** Signs in (or links) the identity the provider vouched for and sends the browser back. */
  async function complete(
    c: Context,
    flow: FlowStateRow,
    profile: ProviderProfile,
    providerTokens: { access: string | null; refresh: string | null },
  ): Promise<Response> {
    const redirectTo = flow.redirect_to ?? ctx.config.siteUrl;
    // Towards a custom domain (the hand-over page, issue 26) the session goes to the platform's own
    // page in the fragment: a PKCE code there would be exchangeable only by whoever started the flow.
    const pkce = flow.flow_type === 'pkce' && !ctx.redirects.isHandOver(redirectTo);
    const provider = flow.provider_type;
    try {
      const outcome = await ctx.db.transaction(async (tx): Promise<{ code: string } | { session: PendingSession }> => {
        const current = await repo.findFlowState(tx, flow.id);
        if (!current || current.auth_code) throw errors.flowStateNotFound();
        const user = await userForExternalIdentity(ctx, tx, provider, profile, flow.link_user_id);
        if (pkce) {
          const code = randomUUID();
          await repo.issueAuthCode(tx, flow.id, code, user.id, providerTokens);
          return { code };
        }
        await repo.deleteFlowState(tx, flow.id);
        const session = await startSession(tx, user, {
          method: 'oauth',
          ip: clientIp(c),
          userAgent: c.req.header('user-agent'),
        });
        return { session: { ...session, providerToken: providerTokens.access, providerRefreshToken: providerTokens.refresh } };
      });
      if ('code' in outcome) {
        const target = new URL(redirectTo);
        target.searchParams.set('code', outcome.code);
        return c.redirect(target.href, 302);
      }
      return redirectWithSession(c, redirectTo, implicitFragment(await completeSession(ctx, outcome.session)), 302);
    } catch (error) {
      if (error instanceof AuthApiError) return redirectWithError(c, redirectTo, error, pkce, 302);
      throw error;
    }
  }

  app.get('/authorize', async (c) => c.redirect(await beginFlow(c, null), 302));

  app.get('/user/identities/authorize', async (c) => {
    const { user } = await requireUser(ctx, c);
    if (!ctx.settings.manualLinking) {
      throw new AuthApiError(404, 'manual_linking_disabled', 'Manual linking is disabled');
    }
    const url = await beginFlow(c, user.id);
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  const callback = async (c: Context): Promise<Response> => {
    const form = c.req.method === 'POST' ? await c.req.parseBody() : {};
    const param = (name: string): string | undefined => {
      const value = form[name];
      return typeof value === 'string' ? value : c.req.query(name);
    };
    const flow = await liveFlow(param('state'));
    if (!flow) {
      return redirectWithError(
        c,
        ctx.config.siteUrl,
        new AuthApiError(400, 'bad_oauth_state', 'OAuth state parameter missing or expired'),
        false,
        302,
      );
    }
    const redirectTo = flow.redirect_to ?? ctx.config.siteUrl;
    const pkce = flow.flow_type === 'pkce';
    const providerError = param('error');
    const adapter = adapters.get(flow.provider_type as OAuthProvider);
    const code = param('code');
    if (providerError || !adapter || !code) {
      return redirectWithError(
        c,
        redirectTo,
        new AuthApiError(400, 'bad_oauth_callback', param('error_description') ?? providerError ?? 'OAuth callback without a code'),
        pkce,
        302,
      );
    }
    let result;
    try {
      result = await adapter.exchange(code, flow.provider_code_verifier, param('user'));
    } catch (error) {
      ctx.logger.warn({ err: error, provider: flow.provider_type }, 'OAuth code exchange failed');
      return redirectWithError(
        c,
        redirectTo,
        new AuthApiError(400, 'bad_oauth_callback', 'Unable to exchange external code'),
        pkce,
        302,
      );
    }
    return complete(c, flow, result.profile, { access: result.accessToken, refresh: result.refreshToken });
  };
  app.get('/callback', callback);
  app.post('/callback', callback);

  if (devIdentityEnabled) {
    app.get('/dev-identity', async (c) => {
      const flow = await liveFlow(c.req.query('flow'));
      if (!flow) return c.html(renderDevIdentityPage({ error: 'This sign-in attempt has expired. Start again from the app.' }), 400);
      const previous = await repo.listIdentitiesByProvider(ctx.db, flow.provider_type, 20);
      return c.html(
        renderDevIdentityPage({
          flowId: flow.id,
          provider: flow.provider_type,
          linking: flow.link_user_id !== null,
          previous: previous
            .filter((identity) => identity.provider_id.startsWith('dev-'))
            .map((identity) => ({
              email: typeof identity.identity_data.email === 'string' ? identity.identity_data.email : '',
              name: typeof identity.identity_data.name === 'string' ? identity.identity_data.name : '',
            })),
        }),
      );
    });

    app.post('/dev-identity', async (c) => {
      const form = await c.req.parseBody();
      const field = (name: string): string => (typeof form[name] === 'string' ? form[name].trim() : '');
      const flow = await liveFlow(field('flow'));
      if (!flow) return c.html(renderDevIdentityPage({ error: 'This sign-in attempt has expired. Start again from the app.' }), 400);
      let email: string;
      try {
        email = normaliseEmail(field('email'));
      } catch {
        return c.html(
          renderDevIdentityPage({
            flowId: flow.id,
            provider: flow.provider_type,
            linking: flow.link_user_id !== null,
            previous: [],
            error: 'Enter a valid e-mail address.',
          }),
          400,
        );
      }
      const name = field('name').slice(0, 200) || email.split('@')[0] || email;
      const profile: ProviderProfile = {
        // Stable per provider and address, so signing in again finds the same identity.
        providerId: `dev-${sha256Hex(`${flow.provider_type}:${email}`).slice(0, 32)}`,
        email,
        emailVerified: true,
        name,
        avatarUrl: null,
        claims: { iss: `${ctx.authBaseUrl}/dev-identity` },
      };
      return complete(c, flow, profile, { access: null, refresh: null });
    });
  }

  return app;
}
