// Hostile input, row-level security and JWT handling on /rest/v1, on PGlite and PostgreSQL 15.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, TransactionOptions } from '../../src/db/database.js';
import { createRestApi } from '../../src/rest/index.js';
import { DATABASES } from '../harness.js';
import { pick, randomQuery, rng } from './random.js';
import type { RestBackend } from './rest-backend.js';
import { ALICE, BOB, startRestBackend } from './rest-backend.js';

const CANARY = 'zqcanary';

describe.each(DATABASES)('REST security on %s', (database) => {
  let b: RestBackend;
  /** Every SQL text the API sent inside request transactions (values travel separately). */
  const statements: string[] = [];

  beforeAll(async () => {
    b = await startRestBackend(database, { STATEMENT_TIMEOUT_MS: '1500' });
    const db = b.db;
    const transaction = db.transaction.bind(db);
    // Observe (not replace) what reaches Postgres, to prove request text never lands in SQL.
    db.transaction = <T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> => {
      if (options?.prelude) statements.push(options.prelude.sql);
      return transaction(
        (tx) =>
          fn({
            query: (sql, params, queryOptions) => {
              statements.push(sql);
              return tx.query(sql, params, queryOptions);
            },
            exec: (sql) => {
              statements.push(sql);
              return tx.exec(sql);
            },
          }),
        options,
      );
    };
  });
  afterAll(() => b.stop());

  const fingerprint = async (): Promise<string> => {
    const result = await b.db.query<{ f: string }>(
      `select (select count(*) from public.books)::text || '/' || (select count(*) from public.authors)::text || '/' ||
              (select coalesce(sum(pages), 0) from public.books)::text || '/' || (select count(*) from public.notes)::text as f`,
    );
    return result.rows[0]?.f ?? '';
  };

  describe('hostile input', () => {
    const hostile: [string, string, RequestInit?][] = [
      ['SQL in a filter value', `/books?title=eq.'; drop table books; -- ${CANARY}`],
      ['SQL in an in-list', `/books?id=in.(1,2);delete from books;--${CANARY})`],
      ['SQL in a quoted in-list value', `/books?title=in.("a'); drop table books; --${CANARY}")`],
      ['SQL in a select item', `/books?select=id;drop table books;--${CANARY}`],
      ['SQL in a quoted select name', `/books?select="id; drop table books; ${CANARY}"`],
      ['SQL in a cast', `/books?select=id::text;drop table books${CANARY}`],
      ['SQL in a JSON path', `/books?select=data->>'lang'); drop table books; --${CANARY}`],
      ['SQL in a JSON path key', `/books?select=x:data->>lang${CANARY}&data->>lang${CANARY}');--=eq.1`],
      ['SQL in a filter key', `/books?id;delete from books${CANARY}=eq.1`],
      ['SQL in an order clause', `/books?order=id;drop table books${CANARY}`],
      ['subquery in an order clause', `/books?order=(select 1 ${CANARY})`],
      ['quoted SQL in an order clause', `/books?order="id desc; drop table books ${CANARY}"`],
      ['SQL in an embed name', `/books?select=id,authors;drop table books${CANARY}(name)`],
      ['SQL in an embed hint', `/books?select=id,authors!x;drop table books${CANARY}(name)`],
      ['SQL in limit', `/books?limit=1;drop table books${CANARY}`],
      ['SQL in offset', `/books?offset=-1${CANARY}`],
      ['SQL in the table name', `/books;drop table books${CANARY}`],
      ['SQL in the function name', `/rpc/add;drop table books${CANARY}`],
      ['SQL in an RPC argument', `/rpc/add?a=1);drop table books;--${CANARY}&b=1`],
      ['SQL in a text-search config', `/books?search=fts(english';drop table books${CANARY}).x`],
      ['text-search config that does not exist', `/books?search=fts(${CANARY}).wizard`],
      ['SQL in on_conflict', `/items?on_conflict=sku;drop table books${CANARY}`, { method: 'POST', body: '{"sku":"x"}', headers: { Prefer: 'resolution=merge-duplicates' } }],
      ['SQL in columns', `/items?columns=sku,"qty;drop table books${CANARY}"`, { method: 'POST', body: '[{"sku":"x"}]' }],
      ['SQL in a payload key', '/items', { method: 'POST', body: `{"sku":"x","qty\\"; drop table books; --${CANARY}":1}` }],
      ['SQL in a payload value', '/items?select=sku', { method: 'POST', body: `{"sku":"'); drop table books; --${CANARY}"}`, headers: { Prefer: 'tx=rollback' } }],
      ['unbalanced parenthesis in or', `/books?or=(id.eq.1,title.eq.${CANARY}`],
      ['unbalanced parenthesis in select', `/books?select=id,authors(name${CANARY}`],
      ['unbalanced parenthesis in in-list', `/books?id=in.(1,2${CANARY}`],
      ['unbalanced quote', `/books?or=(title.eq."${CANARY},id.eq.1)`],
      ['unknown operator', `/books?id=${CANARY}.1`],
      ['unknown operator in or', `/books?or=(id.${CANARY}.1)`],
      ['unknown modifier', `/books?id=eq(${CANARY}).{1}`],
      ['bad is value', `/books?price=is.${CANARY}`],
      ['NUL byte in a value', `/books?title=eq.a%00${CANARY}`],
      ['NUL byte in a name', `/books?select=id%00${CANARY}`],
      ['invalid percent-encoding in the path', `/books%E0%A4%A${CANARY}`],
      ['non-JSON body', '/items', { method: 'POST', body: `<xml>${CANARY}</xml>` }],
      ['JSON scalar body', '/items', { method: 'POST', body: '42' }],
      ['array of scalars body', '/items', { method: 'POST', body: '[1,2]' }],
      ['garbage Prefer', `/books`, { headers: { Prefer: `count=${CANARY}, return=;;;` } }],
      ['garbage Range', `/books`, { headers: { Range: `bytes=${CANARY}` } }],
      ['garbage Accept-Profile', `/books`, { headers: { 'Accept-Profile': `public;drop${CANARY}` } }],
      ['huge offset', `/books?offset=999999999999999`],
      ['deep select nesting', `/books?select=${'authors!books_author_id_fkey('.repeat(40)}id${')'.repeat(40)}`],
      ['hundreds of embeds', `/books?select=${Array.from({ length: 700 }, (_, i) => `a${i}:reviews(id)`).join(',')}&title=eq.${CANARY}`],
      ['JSON path on a non-JSON column', `/books?select=title->>${CANARY}`],
      ['like on a non-text column', `/books?id=like.${CANARY}*`],
      ['cast to an unknown type', `/books?select=id::${CANARY}`],
      ['value too big for the column type', `/books?id=eq.99999999999999999999999${CANARY.length}`],
    ];

    it.each(hostile)('%s: a 4xx error, no SQL built from request text, nothing changed', async (_name, path, init) => {
      const before = await fingerprint();
      statements.length = 0;
      const headers = new Headers(init?.headers);
      if (init?.body) headers.set('Content-Type', 'application/json');
      const response = await b.rest(path, { ...init, headers });
      const text = await response.text();
      expect(response.status, text).toBeGreaterThanOrEqual(200);
      expect(response.status, text).toBeLessThan(500);
      if (response.status >= 400) {
        const body = JSON.parse(text) as { code: unknown; message: unknown };
        expect(typeof body.code).toBe('string');
        expect(typeof body.message).toBe('string');
      }
      // Request text may only appear as a quoted identifier (an output key, escaped by doubling
      // quotes), never as SQL; values travel as parameters.
      for (const sql of statements) expect(sql.replace(/"(?:[^"]|"")*"/g, '""')).not.toContain(CANARY);
      expect(await fingerprint()).toBe(before);
      expect(await b.countRows('items', `sku like '%drop table%'`)).toBe(0);
    });

    it('answers 600 seeded random requests without a 5xx and without changing data', async () => {
      const before = await fingerprint();
      const paths = ['/books', '/authors', '/notes', '/book_summaries', '/rpc/add', '/rpc/books_by_author', '/items', '/nope'];
      for (let seed = 1; seed <= 600; seed += 1) {
        const next = rng(seed);
        const method = pick(next, ['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
        const path = pick(next, paths);
        const headers: Record<string, string> = {
          // Writes that happen to be valid are rolled back, so the data must stay as it was.
          Prefer: `${pick(next, ['count=exact', 'return=representation', 'count=planned', 'resolution=merge-duplicates', ''])}, tx=rollback`,
          Accept: pick(next, ['*/*', 'application/json', 'application/vnd.pgrst.object+json', 'text/csv']),
        };
        const init: RequestInit = { method, headers };
        if (method === 'POST' || method === 'PATCH') {
          headers['Content-Type'] = 'application/json';
          init.body = pick(next, ['{"title":"x"}', '[{"sku":"z"}]', '{}', '[]', 'null', '{"a":1}', randomQuery(next).toString()]);
        }
        const response = await b.rest(`${path}?${randomQuery(next).toString()}`, init);
        const text = await response.text();
        expect(response.status, `seed ${seed}: ${method} ${path} → ${text}`).toBeLessThan(500);
      }
      expect(await fingerprint()).toBe(before);
    });

    it('handles a 10 000-value in-list as one parameter', async () => {
      const list = Array.from({ length: 10_000 }, (_, i) => i + 1).join(',');
      // Node's HTTP server caps request heads at 16 KiB, so go straight to the REST app as well.
      const api = createRestApi(b.deps);
      const response = await api.request(`/books?select=id&id=in.(${list})&order=id`, { headers: { apikey: b.anonKey } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
      const overHttp = await b.rest(`/books?select=id&id=in.(${list})&order=id`);
      await overHttp.arrayBuffer();
      expect([200, 414, 431]).toContain(overHttp.status);
    });

    it('accepts or-nesting up to the cap and refuses deeper nesting with 400', async () => {
      const nest = (depth: number): string => {
        let inner = 'id.eq.1';
        for (let i = 1; i < depth; i += 1) inner = `or(${inner},id.eq.${i + 1})`;
        return `(${inner})`;
      };
      const ok = await b.rest(`/books?select=id&or=${nest(20)}&order=id`);
      expect(ok.status).toBe(200);
      const deep = await b.rest(`/books?select=id&or=${nest(200)}`);
      expect(deep.status).toBe(400);
      expect(((await deep.json()) as { code: string }).code).toBe('PGRST100');
      const deeper = await b.rest(`/books?select=id&or=${'('.repeat(5000)}`);
      expect(deeper.status).toBe(400);
    });

    // PGlite runs single-threaded in WebAssembly and cannot interrupt a running statement.
    if (database === 'postgres') {
      it('stops a statement that runs past the configured timeout', async () => {
        const { error, status } = await b.client().rpc('slow', { seconds: 5 });
        expect(error?.code).toBe('57014');
        expect(status).toBe(500);
      });
    }
  });

  describe('row-level security on notes', () => {
    type Actor = 'anon' | 'owner' | 'other' | 'service';
    const headersFor = async (actor: Actor): Promise<Record<string, string>> => {
      switch (actor) {
        case 'anon':
          return { apikey: b.anonKey };
        case 'owner':
          return { apikey: b.anonKey, Authorization: `Bearer ${await b.userToken(ALICE)}` };
        case 'other':
          return { apikey: b.anonKey, Authorization: `Bearer ${await b.userToken(BOB)}` };
        case 'service':
          return { apikey: b.serviceRoleKey, Authorization: `Bearer ${b.serviceRoleKey}` };
      }
    };
    const reset = (): Promise<void> =>
      b.db.exec(`delete from public.notes;
        insert into public.notes (id, owner_id, body, is_public) values
        ('00000000-0000-4000-8000-000000000001', '${ALICE}', 'alice private', false),
        ('00000000-0000-4000-8000-000000000002', '${ALICE}', 'alice public', true),
        ('00000000-0000-4000-8000-000000000003', '${BOB}', 'bob private', false)`);
    const alicePrivate = '00000000-0000-4000-8000-000000000001';

    const selectCases: [Actor, string[]][] = [
      ['anon', ['alice public']],
      ['owner', ['alice private', 'alice public']],
      ['other', ['alice public', 'bob private']],
      ['service', ['alice private', 'alice public', 'bob private']],
    ];
    it.each(selectCases)('select as %s sees only what the policies allow', async (actor, expected) => {
      await reset();
      const response = await b.rest('/notes?select=body&order=body', { headers: await headersFor(actor) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { body: string }[]).map((r) => r.body)).toEqual(expected);
    });

    const insertCases: [Actor, number, number][] = [
      // actor, expected status, rows for alice afterwards (starts at 2)
      ['anon', 401, 2],
      ['owner', 201, 3],
      ['other', 403, 2],
      ['service', 201, 3],
    ];
    it.each(insertCases)('insert of a note owned by alice as %s', async (actor, status, aliceRows) => {
      await reset();
      const response = await b.rest('/notes', {
        method: 'POST',
        headers: { ...(await headersFor(actor)), 'Content-Type': 'application/json' },
        body: JSON.stringify({ owner_id: ALICE, body: 'new' }),
      });
      expect(response.status).toBe(status);
      if (status >= 400) expect(((await response.json()) as { code: string }).code).toBe('42501');
      expect(await b.countRows('notes', `owner_id = '${ALICE}'`)).toBe(aliceRows);
    });

    const updateCases: [Actor, boolean][] = [
      ['anon', false],
      ['owner', true],
      ['other', false],
      ['service', true],
    ];
    it.each(updateCases)("update of alice's private note as %s changes it: %s", async (actor, changes) => {
      await reset();
      const response = await b.rest(`/notes?id=eq.${alicePrivate}`, {
        method: 'PATCH',
        headers: { ...(await headersFor(actor)), 'Content-Type': 'application/json' },
        body: JSON.stringify({ body: 'edited' }),
      });
      expect(response.status).toBe(204);
      expect(await b.countRows('notes', `body = 'edited'`)).toBe(changes ? 1 : 0);
    });

    it.each(updateCases)("delete of alice's private note as %s removes it: %s", async (actor, removes) => {
      await reset();
      const response = await b.rest(`/notes?id=eq.${alicePrivate}`, { method: 'DELETE', headers: await headersFor(actor) });
      expect(response.status).toBe(204);
      expect(await b.countRows('notes', `id = '${alicePrivate}'`)).toBe(removes ? 0 : 1);
    });

    it('refuses to move a note to another owner (WITH CHECK) with 403', async () => {
      await reset();
      const response = await b.rest(`/notes?id=eq.${alicePrivate}`, {
        method: 'PATCH',
        headers: { ...(await headersFor('owner')), 'Content-Type': 'application/json' },
        body: JSON.stringify({ owner_id: BOB }),
      });
      expect(response.status).toBe(403);
      expect(await b.countRows('notes', `owner_id = '${BOB}'`)).toBe(1);
    });

    it('answers 401 for anon and 403 for users on a table without grants', async () => {
      const anon = await b.rest('/secrets');
      expect(anon.status).toBe(401);
      expect(await anon.json()).toMatchObject({ code: '42501', message: 'permission denied for table secrets' });
      const user = await b.rest('/secrets', { headers: await headersFor('owner') });
      expect(user.status).toBe(403);
    });
  });

  describe('JWT handling', () => {
    it('answers an expired token with 401 PGRST303 instead of serving it as anon', async () => {
      const token = await b.deps.jwt.sign(
        { sub: ALICE, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 },
        60,
      );
      const response = await b.rest('/notes', { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
      expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    });

    it('answers a token signed with another secret, or garbage, with 401 PGRST301', async () => {
      const forged = await new SignJWT({ sub: ALICE, role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-completely-different-secret-of-32-chars!'));
      const bad = await b.rest('/notes', { headers: { Authorization: `Bearer ${forged}` } });
      expect(bad.status).toBe(401);
      expect(((await bad.json()) as { code: string }).code).toBe('PGRST301');
      const garbage = await b.rest('/notes', { headers: { Authorization: 'Bearer not-a-jwt' } });
      expect(garbage.status).toBe(401);
      expect(await garbage.json()).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
    });

    it('refuses a valid token whose role is not an API role', async () => {
      const token = await b.deps.jwt.sign({ sub: ALICE, role: 'postgres' }, 60);
      const response = await b.rest('/secrets', { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
    });

    it('serves requests without any credentials as anon', async () => {
      const response = await fetch(`${b.url}/rest/v1/notes?select=body`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ body: 'alice public' }]);
    });
  });
});
