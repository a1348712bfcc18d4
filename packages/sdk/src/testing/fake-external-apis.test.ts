import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import { makeApp, makeExternalApi, makeVersion } from './factories';
import { createFakeAppforgeClient } from './fake-client';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

describe('the fake client’s external APIs', () => {
  it('creates an API with endpoints, lists it with its count, and refuses bad input before anything changes', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'owner@example.com' });
    const api = await client.apis.create({
      name: ' Weather ',
      base_url: 'https://api.weather.test',
      auth_kind: 'header',
      auth_name: 'x-api-key',
      endpoints: [{ name: 'Current', method: 'GET', path: '/current/{city}', parameters: [{ name: 'city', in: 'path', required: true }] }],
    });
    expect(api.name).toBe('Weather');
    expect(await client.apis.listMine()).toEqual([expect.objectContaining({ id: api.id, endpoint_count: 1, secret_set: false })]);
    expect((await rejection(client.apis.create({ name: 'x', base_url: 'ftp://files.test' }))).message).toContain('starts with http:// or https://');
    expect((await rejection(client.apis.create({ name: 'x', base_url: 'https://a.test', auth_kind: 'header' }))).message).toBe('Say which header name carries the secret.');
    const unknownPath = await rejection(client.apis.create({ name: 'x', base_url: 'https://a.test', endpoints: [{ name: 'E', method: 'GET', path: '/a/{id}' }] }));
    expect(unknownPath.message).toBe('E: the path uses {id}, which is not a path parameter.');
    expect(Object.keys(client.fake.data.externalApis)).toHaveLength(1);
  });

  it('keeps the secret to itself: only “set” and the last 4 characters come back', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'owner@example.com' });
    const api = makeExternalApi({ owner_id: session.user.id, auth_kind: 'bearer' });
    client.fake.data.externalApis[api.id] = api;
    const marker = await client.apis.setSecret(api.id, 'sk-test-0000-1111-2222');
    expect(marker).toEqual({ secret_set: true, secret_last4: '2222' });
    expect(JSON.stringify(await client.apis.get(api.id))).not.toContain('sk-test');
    expect((await rejection(client.apis.setSecret(api.id, 'two\nlines'))).code).toBe('invalid_input');
  });

  it('someone else’s API does not exist for the caller', async () => {
    const client = createFakeAppforgeClient();
    client.fake.signIn({ email: 'me@example.com' });
    const theirs = makeExternalApi();
    client.fake.data.externalApis[theirs.id] = theirs;
    expect((await rejection(client.apis.get(theirs.id))).code).toBe('not_found');
    expect((await rejection(client.apis.testCall({ apiId: theirs.id, endpointId: theirs.endpoints[0]?.id ?? '', params: { id: '1' } }))).code).toBe('not_found');
    expect(await client.apis.listMine()).toEqual([]);
  });

  it('finds the apps whose versions call the API', async () => {
    const client = createFakeAppforgeClient();
    const session = client.fake.signIn({ email: 'owner@example.com' });
    const api = makeExternalApi({ owner_id: session.user.id });
    client.fake.data.externalApis[api.id] = api;
    const app = makeApp({ owner_id: session.user.id, name: 'Weather bot' });
    const version = makeVersion({
      app_id: app.id,
      spec: {
        entryStepId: 'call',
        steps: [{ id: 'call', kind: 'api', title: 'Look it up', next: { type: 'end' }, config: { apiId: api.id, endpointId: 'e', params: {}, outputVariable: 'x' } }],
      },
    });
    client.fake.data.apps[app.id] = { ...app, draft_version_id: version.id };
    client.fake.data.versions[version.id] = version;
    expect(await client.apis.usage(api.id)).toEqual([{ app_id: app.id, app_name: 'Weather bot', steps: ['Look it up'] }]);
  });
});
