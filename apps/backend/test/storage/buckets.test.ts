import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { newUserId, startStorageBackend } from './helpers.js';
import type { StorageTestBackend } from './helpers.js';

describe.each(DATABASES)('storage buckets through supabase-js on %s', (database) => {
  let t: StorageTestBackend;
  beforeAll(async () => {
    t = await startStorageBackend(database);
  });
  afterAll(() => t.stop());

  it('creates, reads, lists, updates, empties and deletes a bucket with the service role', async () => {
    const storage = t.serviceClient().storage;
    // The project's migrations bring buckets of their own (e.g. app-icons); they stay listed.
    const projectBuckets = (await storage.listBuckets()).data?.map((bucket) => bucket.id) ?? [];
    const created = await storage.createBucket('avatars', {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/*'],
    });
    expect(created).toEqual({ data: { name: 'avatars' }, error: null });

    const fetched = await storage.getBucket('avatars');
    expect(fetched.error).toBeNull();
    expect(fetched.data).toMatchObject({
      id: 'avatars',
      name: 'avatars',
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/*'],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    expect((await storage.createBucket('zeta', { public: false })).error).toBeNull();
    const listed = await storage.listBuckets();
    expect(listed.data?.map((bucket) => bucket.id)).toEqual([...projectBuckets, 'avatars', 'zeta'].sort());
    const searched = await storage.listBuckets({ search: 'zet' });
    expect(searched.data?.map((bucket) => bucket.id)).toEqual(['zeta']);
    const sorted = await storage.listBuckets({ sortColumn: 'name', sortOrder: 'desc', limit: 1 });
    expect(sorted.data?.map((bucket) => bucket.id)).toEqual(['zeta']);

    const updated = await storage.updateBucket('avatars', { public: false, fileSizeLimit: 2048, allowedMimeTypes: null });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await storage.getBucket('avatars')).data).toMatchObject({
      public: false,
      file_size_limit: 2048,
      allowed_mime_types: null,
    });

    expect((await storage.from('zeta').upload('a.txt', 'a', { contentType: 'text/plain' })).error).toBeNull();
    const notEmpty = await storage.deleteBucket('zeta');
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await storage.emptyBucket('zeta')).data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect(t.filesOnDisk().filter((file) => file.startsWith('zeta/'))).toEqual([]);
    expect((await storage.deleteBucket('zeta')).data).toEqual({ message: 'Successfully deleted' });
    const gone = await storage.getBucket('zeta');
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    expect((await storage.deleteBucket('zeta')).error).toMatchObject({ statusCode: '404' });
    expect((await storage.updateBucket('zeta', { public: true })).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses duplicate buckets, bad names, bad limits and bad MIME patterns', async () => {
    const storage = t.serviceClient().storage;
    expect((await storage.createBucket('twice')).error).toBeNull();
    expect((await storage.createBucket('twice')).error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });
    for (const name of ['a/b', '..', 'with\nnewline', 'x'.repeat(101)]) {
      const result = await storage.createBucket(name);
      expect(result.error, name).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    }
    expect((await storage.createBucket('sizes', { public: false, fileSizeLimit: 'lots' })).error).toMatchObject({
      statusCode: '400',
    });
    expect((await storage.createBucket('sizes', { public: false, fileSizeLimit: '10GB' })).error).toMatchObject({
      statusCode: '413',
    });
    expect((await storage.createBucket('types', { public: false, allowedMimeTypes: ['not a type'] })).error).toMatchObject({
      statusCode: '415',
    });
    expect((await storage.listBuckets()).data?.map((bucket) => bucket.id)).not.toContain('sizes');
  });

  it('lets RLS on storage.buckets decide for anon and signed-in users, as hosted Supabase does', async () => {
    const anon = t.client().storage;
    const refused = await anon.createBucket('anon-bucket', { public: true });
    expect(refused.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const user = (await t.userClient(newUserId())).storage;
    expect((await user.createBucket('user-bucket')).error).toMatchObject({ statusCode: '403' });
    // No policies on storage.buckets: nobody but the service role sees any bucket.
    expect((await anon.listBuckets()).data).toEqual([]);
    expect((await user.getBucket('twice')).error).toMatchObject({ statusCode: '404' });
    expect((await user.deleteBucket('twice')).error).toMatchObject({ statusCode: '404' });
    expect((await t.serviceClient().storage.getBucket('twice')).error).toBeNull();

    await t.db.exec(`create policy "signed-in users see buckets" on storage.buckets for select to authenticated using (true)`);
    expect((await user.listBuckets()).data?.map((bucket) => bucket.id)).toContain('twice');
    expect((await anon.listBuckets()).data).toEqual([]);
  });

  it('refuses a missing, expired or forged token instead of treating the caller as anon', async () => {
    const base = `${t.url}/storage/v1/bucket`;
    const missing = await fetch(base);
    expect(missing.status).toBe(400);
    // Supabase Storage's own answer: listBuckets has no header schema, so its JWT check refuses the empty token.
    expect(await missing.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' });
    const expiredToken = await t.deps.jwt.sign({ role: 'authenticated', sub: newUserId(), exp: 1_700_000_000 }, 60);
    const expired = await fetch(base, { headers: { authorization: `Bearer ${expiredToken}`, apikey: t.anonKey } });
    expect(await expired.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt expired' });
    const forged = await fetch(base, { headers: { authorization: `Bearer ${t.serviceRoleKey.slice(0, -4)}AAAA` } });
    expect(await forged.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });
});
