// The moderation endpoint through a protocol-true fake on loopback: what the checker sends, how it
// reads the answer, and that a failing endpoint never costs a run its local verdict.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModerationServer } from './fake-moderation-server.ts';
import type { FakeModerationServer } from './fake-moderation-server.ts';
import { createContentChecker, createContentCheckerFromEnv, moderationCategory } from './index.ts';
import type { SafetyLogger } from './index.ts';

let server: FakeModerationServer;
const warnings: { fields: Record<string, unknown>; message?: string }[] = [];
const log: SafetyLogger = { warn: (fields, message) => void warnings.push({ fields, ...(message ? { message } : {}) }) };

beforeAll(async () => {
  server = await startFakeModerationServer({ apiKey: 'sk-test-moderation' });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  warnings.length = 0;
});

const checker = (timeoutMs = 1500) =>
  createContentChecker({ moderation: { url: server.url, apiKey: 'sk-test-moderation', model: 'omni-moderation-latest', timeoutMs }, log });

describe('moderation endpoint answers', () => {
  it('a flagged answer flags a text the local lists pass, mapped to our categories', async () => {
    const before = server.requests.length;
    const verdict = await checker().check('Honestly nobody would miss me.');
    expect(verdict).toEqual({ flagged: true, categories: ['self_harm'], matches: [], source: 'moderation_api' });
    const request = server.requests[before];
    expect(request?.body).toEqual({ model: 'omni-moderation-latest', input: 'Honestly nobody would miss me.' });
    expect(request?.authorization).toBe('Bearer sk-test-moderation');
    expect(request?.contentType).toBe('application/json');
    expect(warnings).toEqual([]);
  });

  it('threats map to violence, other categories to moderation', async () => {
    expect((await checker().check('They deserve to suffer.')).categories).toEqual(['violence', 'moderation']);
    expect((await checker().check('You are worthless.')).categories).toEqual(['moderation']);
  });

  it('a clean answer leaves a clean text clean', async () => {
    expect(await checker().check('Photosynthesis turns light into sugar.')).toEqual({ flagged: false, categories: [], matches: [], source: 'none' });
  });

  it('local and moderation findings are combined; the local matches and source stay', async () => {
    const verdict = await checker().check('fuck, nobody would miss me');
    expect(verdict.categories).toEqual(['profanity', 'self_harm']);
    expect(verdict.source).toBe('local');
    expect(verdict.matches.map((match) => match.text)).toEqual(['fuck']);
  });

  it('is not asked when the class switched it off, or for an empty text', async () => {
    const before = server.requests.length;
    expect((await checker().check('nobody would miss me', { moderation_api: false })).flagged).toBe(false);
    expect((await checker().check('   ')).flagged).toBe(false);
    expect(server.requests.length).toBe(before);
  });

  it('sends only the checked head of a huge text', async () => {
    const before = server.requests.length;
    const verdict = await checker().check('x'.repeat(100_000));
    expect(verdict.truncated).toBe(true);
    expect(server.requests[before]?.body.input).toHaveLength(20_000);
  });
});

describe('moderation failures never block: the local verdict stands, the failure is reported and logged', () => {
  const failures: [string, Parameters<FakeModerationServer['enqueue']>[0], RegExp][] = [
    ['HTTP 500', { kind: 'status', status: 500 }, /HTTP 500/],
    ['HTTP 429', { kind: 'status', status: 429 }, /HTTP 429/],
    ['malformed JSON', { kind: 'malformed' }, /invalid JSON/],
    ['a wrong shape (no results)', { kind: 'wrong-shape', body: { id: 'modr-1', model: 'x' } }, /unexpected shape.*results/],
    ['a wrong shape (flagged is a string)', { kind: 'wrong-shape', body: { results: [{ flagged: 'yes', categories: {} }] } }, /unexpected shape.*results\.0\.flagged/],
    ['an empty result list', { kind: 'wrong-shape', body: { results: [] } }, /unexpected shape/],
  ];

  it.each(failures)('%s', async (_name, script, error) => {
    server.enqueue(script);
    const verdict = await checker().check('I will kill you, nobody would miss me');
    expect(verdict.flagged).toBe(true);
    expect(verdict.categories).toEqual(['violence']);
    expect(verdict.source).toBe('local');
    expect(verdict.moderationError).toMatch(error);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields.error).toBe(verdict.moderationError);
    expect(JSON.stringify(warnings)).not.toContain('sk-test-moderation');
  });

  it('a slow endpoint is given up after the timeout', async () => {
    server.enqueue({ kind: 'delay', ms: 2000 });
    const started = Date.now();
    const verdict = await checker(200).check('a clean sentence about rivers');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(verdict).toEqual({ flagged: false, categories: [], matches: [], source: 'none', moderationError: 'moderation endpoint did not answer within 200 ms' });
  });

  it('a wrong API key (401) is reported', async () => {
    const wrong = createContentChecker({ moderation: { url: server.url, apiKey: 'sk-wrong' }, log });
    expect((await wrong.check('hello')).moderationError).toBe('moderation endpoint answered HTTP 401');
  });

  it('an endpoint that is not listening is reported', async () => {
    const gone = await startFakeModerationServer();
    const url = gone.url;
    await gone.close();
    const verdict = await createContentChecker({ moderation: { url }, log }).check('hello');
    expect(verdict.flagged).toBe(false);
    expect(verdict.moderationError).toMatch(/unreachable/);
  });
});

describe('createContentCheckerFromEnv', () => {
  it('uses MODERATION_URL / MODERATION_API_KEY / MODERATION_MODEL', async () => {
    const before = server.requests.length;
    const fromEnv = createContentCheckerFromEnv(
      { MODERATION_URL: `${server.url}/`, MODERATION_API_KEY: 'sk-test-moderation', MODERATION_MODEL: 'text-moderation-stable' },
      { log },
    );
    expect((await fromEnv.check('nobody would miss me')).categories).toEqual(['self_harm']);
    expect(server.requests[before]?.body.model).toBe('text-moderation-stable');
  });

  it('reads through a function (Deno.env.get) and checks locally only without MODERATION_URL', async () => {
    const before = server.requests.length;
    const local = createContentCheckerFromEnv(() => undefined);
    expect(await local.check('nobody would miss me')).toEqual({ flagged: false, categories: [], matches: [], source: 'none' });
    expect(server.requests.length).toBe(before);
  });

  it('refuses a malformed setting by name', () => {
    expect(() => createContentCheckerFromEnv({ MODERATION_URL: 'not a url' })).toThrow(/MODERATION_URL/);
    expect(() => createContentCheckerFromEnv({ MODERATION_URL: server.url, MODERATION_TIMEOUT_MS: 'soon' })).toThrow(/MODERATION_TIMEOUT_MS/);
  });
});

describe('moderationCategory', () => {
  it.each([
    ['self-harm', 'self_harm'],
    ['self-harm/intent', 'self_harm'],
    ['self-harm/instructions', 'self_harm'],
    ['violence', 'violence'],
    ['violence/graphic', 'violence'],
    ['harassment/threatening', 'violence'],
    ['hate/threatening', 'violence'],
    ['illicit/violent', 'violence'],
    ['harassment', 'moderation'],
    ['hate', 'moderation'],
    ['sexual', 'moderation'],
    ['sexual/minors', 'moderation'],
    ['illicit', 'moderation'],
  ])('%s → %s', (name, category) => {
    expect(moderationCategory(name)).toBe(category);
  });
});
