import { describe, expect, it } from 'vitest';
import { imageTransformationsOf, parseEnv } from './env';
import { envIssueMessage } from './env-messages';

const valid = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'anon-key',
  MODE: 'production',
  DEV: false,
  PROD: true,
};

function issuesOf(raw: Record<string, unknown>) {
  const result = parseEnv(raw);
  if (result.ok) throw new Error('expected the environment to be rejected');
  // As the configuration problem screen shows them.
  return result.issues.map((issue) => ({ name: issue.name, message: envIssueMessage(issue) }));
}

describe('parseEnv', () => {
  it('accepts the two required values and fills in the documented defaults', () => {
    const result = parseEnv(valid);
    expect(result).toEqual({
      ok: true,
      env: {
        ...valid,
        VITE_APP_HOST: 'localhost',
        VITE_SCHOOLS_HOST: 'schools.localhost',
        VITE_SUPPORT_EMAIL: 'support@appforge.local',
      },
    });
  });

  it('returns a frozen result so no module can change the configuration at run time', () => {
    const result = parseEnv(valid);
    expect(Object.isFrozen(result)).toBe(true);
    if (!result.ok) throw new Error('expected ok');
    expect(Object.isFrozen(result.env)).toBe(true);
  });

  it('names each missing required variable and says what is expected', () => {
    const issues = issuesOf({ MODE: 'production', DEV: false, PROD: true });
    expect(issues.map((issue) => issue.name)).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
    expect(issues[0]?.message).toMatch(/^is not set: expected the http\(s\) URL of the Supabase API/);
    expect(issues[1]?.message).toMatch(/^is not set: expected the public anon key/);
  });

  it('treats an empty or blank value (NAME= in a .env file) as not set', () => {
    const issues = issuesOf({ ...valid, VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '   ' });
    expect(issues).toEqual([
      { name: 'VITE_SUPABASE_URL', message: expect.stringMatching(/^is not set/) },
      { name: 'VITE_SUPABASE_ANON_KEY', message: expect.stringMatching(/^is not set/) },
    ]);
  });

  it.each([
    ['VITE_SUPABASE_URL', 'localhost:54321'],
    ['VITE_SUPABASE_URL', 'ftp://127.0.0.1:54321'],
    ['VITE_SUPABASE_URL', 'javascript:alert(1)'],
    ['VITE_SENTRY_DSN', 'not a dsn'],
    ['VITE_POSTHOG_HOST', 'eu.i.posthog.com'],
    ['VITE_INBOX_URL', 'file:///etc/passwd'],
    ['VITE_SUPPORT_EMAIL', 'support-at-example.com'],
    ['VITE_APP_HOST', 'https://appforge.example.com/'],
    ['VITE_SCHOOLS_HOST', 'schools .localhost'],
  ])('reports a malformed %s (%j) by name', (name, value) => {
    const issues = issuesOf({ ...valid, [name]: value });
    expect(issues).toEqual([{ name, message: expect.stringMatching(/^is not valid: expected /) }]);
  });

  it('reports every bad variable at once, not just the first', () => {
    const issues = issuesOf({ ...valid, VITE_SUPABASE_URL: 'nope', VITE_SUPPORT_EMAIL: 'nope', VITE_INBOX_URL: 'nope' });
    expect(issues.map((issue) => issue.name)).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPPORT_EMAIL', 'VITE_INBOX_URL']);
  });

  it('never echoes the rejected value back (the message is safe to show and log)', () => {
    const issues = issuesOf({ ...valid, VITE_SENTRY_DSN: 'secret-token-123' });
    expect(JSON.stringify(issues)).not.toContain('secret-token-123');
  });

  it('normalises URLs and hosts so other modules can build paths safely', () => {
    const result = parseEnv({
      ...valid,
      VITE_SUPABASE_URL: ' https://abc.supabase.co/ ',
      VITE_APP_HOST: 'AppForge.Example.com',
      VITE_INBOX_URL: 'http://127.0.0.1:54321/inbox/',
      VITE_SENTRY_DSN: '',
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.env.VITE_SUPABASE_URL).toBe('https://abc.supabase.co');
    expect(result.env.VITE_APP_HOST).toBe('appforge.example.com');
    expect(result.env.VITE_INBOX_URL).toBe('http://127.0.0.1:54321/inbox');
    expect(result.env.VITE_SENTRY_DSN).toBeUndefined();
  });
});

describe('VITE_STORAGE_IMAGE_TRANSFORMATIONS', () => {
  function envWith(raw: Record<string, unknown>) {
    const result = parseEnv({ ...valid, ...raw });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    return result.env;
  }

  it('is on for the embedded backend and self-hosted Storage, and off for a hosted Supabase project, when unset', () => {
    expect(imageTransformationsOf(envWith({}))).toBe(true);
    expect(imageTransformationsOf(envWith({ VITE_SUPABASE_URL: 'https://api.appforge.example' }))).toBe(true);
    expect(imageTransformationsOf(envWith({ VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co' }))).toBe(false);
    expect(imageTransformationsOf(envWith({ VITE_SUPABASE_URL: 'https://ABCDEFGH.Supabase.co/' }))).toBe(false);
    // A look-alike host is not Supabase's.
    expect(imageTransformationsOf(envWith({ VITE_SUPABASE_URL: 'https://supabase.co.evil.example' }))).toBe(true);
  });

  it('follows the variable when it is set, either way', () => {
    expect(imageTransformationsOf(envWith({ VITE_STORAGE_IMAGE_TRANSFORMATIONS: 'true', VITE_SUPABASE_URL: 'https://a.supabase.co' }))).toBe(true);
    expect(imageTransformationsOf(envWith({ VITE_STORAGE_IMAGE_TRANSFORMATIONS: 'FALSE' }))).toBe(false);
    expect(imageTransformationsOf(envWith({ VITE_STORAGE_IMAGE_TRANSFORMATIONS: ' ' }))).toBe(true);
  });

  it('refuses anything but true or false, by name', () => {
    for (const value of ['yes', '1', 'on', 'true;alert(1)']) {
      expect(issuesOf({ ...valid, VITE_STORAGE_IMAGE_TRANSFORMATIONS: value }).map((issue) => issue.name)).toEqual([
        'VITE_STORAGE_IMAGE_TRANSFORMATIONS',
      ]);
    }
  });
});
