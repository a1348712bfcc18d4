// `Accept: application/geo+json` (postgrest-js `.geojson()`) as PostgREST 12 answers it: PostGIS's
// ST_AsGeoJSON(record) makes each row a Feature (geometry from the geometry/geography column, the
// other columns as properties) inside a FeatureCollection. On PostgreSQL 15 the test database gets
// Debian's PostGIS 3 (`create extension postgis schema extensions`, as Supabase installs it). PGlite
// 0.5 ships no PostGIS extension, so there — and on PostgreSQL without the extension — the answer
// is PostgREST's: Postgres' 42883 for the missing function, HTTP 404.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { startRestBackend } from './rest-backend.js';
import type { RestBackend } from './rest-backend.js';

const PLACES_SQL = `
  create table public.places (id integer primary key, name text not null, kind text,
    location extensions.geometry(Point, 4326));
  insert into public.places values
    (1, 'Harbour', 'port', extensions.st_setsrid(extensions.st_makepoint(-9.14, 38.71), 4326)),
    (2, 'Hill', null, extensions.st_setsrid(extensions.st_makepoint(-9.13, 38.72), 4326)),
    (3, 'Nowhere', 'unknown', null);
  create table public.routes (id integer primary key, path extensions.geography(LineString, 4326));
  insert into public.routes values (1, 'SRID=4326;LINESTRING(0 0, 1 1)');
  create table public.plain (id integer primary key, note text);
  insert into public.plain values (1, 'no shapes here');
  create table public.secret_places (id integer primary key, location extensions.geometry);
  grant select on public.places, public.routes, public.plain to anon, authenticated;
  grant insert on public.places to authenticated;
  revoke all on public.secret_places from anon, authenticated;
`;

const GEO = { Accept: 'application/geo+json' };

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GeoJSON on PostgreSQL 15 with PostGIS', () => {
  let b: RestBackend;

  beforeAll(async () => {
    if (!existsSync('/usr/share/postgresql/15/extension/postgis.control')) {
      throw new Error('PostGIS for PostgreSQL 15 is missing: apt-get install -y postgresql-15-postgis-3 (scripts/bootstrap.mjs does it)');
    }
    b = await startRestBackend('postgres');
    await b.db.exec(`create schema if not exists extensions;
      create extension if not exists postgis schema extensions;
      grant usage on schema extensions to anon, authenticated;`);
    await b.db.exec(PLACES_SQL);
    await b.db.exec(`notify pgrst, 'reload schema'`);
    await waitFor(async () => (await b.rest('/secret_places?limit=0')).status !== 404, 'the schema cache');
  });

  afterAll(async () => {
    await b.stop();
  });

  it('answers .geojson() with a FeatureCollection: geometry from the column, the rest as properties', async () => {
    const { data, error, status } = await b.client().from('places').select('*').order('id').geojson();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-9.14, 38.71] }, properties: { id: 1, name: 'Harbour', kind: 'port' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-9.13, 38.72] }, properties: { id: 2, name: 'Hill', kind: null } },
        // A NULL geometry as PostGIS 3.3 writes it (PostgREST passes PostGIS's text through).
        { type: 'Feature', geometry: { type: null }, properties: { id: 3, name: 'Nowhere', kind: 'unknown' } },
      ],
    });
    const raw = await b.rest('/places?select=id,location&id=eq.1', { headers: GEO });
    expect(raw.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
  });

  it('keeps filters, column selection, ranges and counts; a geography column works too', async () => {
    const sb = b.client();
    const picked = await sb.from('places').select('name,location', { count: 'exact' }).eq('kind', 'port').geojson();
    expect(picked.data).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-9.14, 38.71] }, properties: { name: 'Harbour' } }],
    });
    expect(picked.count).toBe(1);
    const paged = await sb.from('places').select('id,location').order('id').range(1, 1).geojson();
    expect((paged.data as { features: { properties: { id: number } }[] }).features.map((f) => f.properties.id)).toEqual([2]);
    const none = await sb.from('places').select('id,location').eq('id', 999).geojson();
    expect(none.data).toEqual({ type: 'FeatureCollection', features: [] });
    const routes = await sb.from('routes').select('*').geojson();
    expect(routes.data).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, properties: { id: 1 } }],
    });
  });

  it('returns an inserted row as a Feature when the representation asks for GeoJSON', async () => {
    const sb = await b.userClient('11111111-1111-4111-8111-111111111111');
    const { data, error } = await sb
      .from('places')
      .insert({ id: 10, name: 'Pier', kind: 'port', location: 'SRID=4326;POINT(1 2)' })
      .select('id,location')
      .geojson();
    expect(error).toBeNull();
    expect(data).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { id: 10 } }],
    });
  });

  it("answers PostGIS's error when the selection has no geometry column, and the privilege error first", async () => {
    const sb = b.client();
    const plain = await sb.from('plain').select('*').geojson();
    expect(plain.status).toBe(400);
    expect(plain.error).toEqual({ code: '22023', message: 'geometry column is missing', details: null, hint: null });
    // Selecting only non-geometry columns of a PostGIS table is the same case.
    const noShape = await sb.from('places').select('id,name').geojson();
    expect(noShape.status).toBe(400);
    expect(noShape.error?.message).toBe('geometry column is missing');
    // A table the caller may not read stays closed.
    const secret = await sb.from('secret_places').select('*').geojson();
    expect(secret.status).toBe(401);
    expect(secret.error?.code).toBe('42501');
    // Hostile select trees still get the parser's error, not SQL.
    const hostile = await b.rest('/places?select=id,location);drop table places;--', { headers: GEO });
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as { code: string }).code).toBe('PGRST100');
    expect(await b.countRows('places')).toBeGreaterThan(0);
  });
});

describe.each(DATABASES)('GeoJSON without PostGIS on %s', (database) => {
  let b: RestBackend;

  beforeAll(async () => {
    b = await startRestBackend(database);
    await b.db.exec(`create table public.spots (id integer primary key, name text);
      insert into public.spots values (1, 'a');
      grant select on public.spots to anon, authenticated;
      notify pgrst, 'reload schema';`);
    await waitFor(async () => (await b.rest('/spots?limit=0')).status === 200, 'the schema cache');
  });

  afterAll(async () => {
    await b.stop();
  });

  it("answers PostgREST's error: Postgres has no st_asgeojson(record) (PGlite ships no PostGIS)", async () => {
    const { data, error, status } = await b.client().from('spots').select('*').geojson();
    expect(data).toBeNull();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: '42883',
      message: 'function st_asgeojson(record) does not exist',
    });
    // Other media types still answer, and a 406 stays for media types nobody produces.
    const json = await b.client().from('spots').select('*');
    expect(json.data).toEqual([{ id: 1, name: 'a' }]);
    const refused = await b.rest('/spots', { headers: { Accept: 'application/x-shapefile' } });
    expect(refused.status).toBe(406);
  });
});
