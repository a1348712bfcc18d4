-- App icons: a public-read storage bucket "app-icons". Object names are
-- <owner_id>/<app_id>/<uuid>.png|jpg|webp; only the app's owner writes or removes them.
-- The bucket's file_size_limit (1 MB) and allowed_mime_types are enforced by Storage itself
-- (hosted Supabase and the embedded backend alike); the SDK checks the same before uploading.
-- Applies unchanged to hosted Supabase, the embedded backend on PGlite and PostgreSQL 15.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('app-icons', 'app-icons', true, 1048576, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Inside the App subqueries the object's name is written objects.name: a bare `name` would be
-- the App's own name column.

-- Reading is public through the bucket's public URL; listing and the API reads are for the owner.
create policy "app-icons: an owner reads their icons"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'app-icons'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "app-icons: an owner uploads icons for their apps"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'app-icons'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and exists (
      select 1 from public."App" as a
      where a.id::text = (storage.foldername(objects.name))[2] and a.owner_id = (select auth.uid())
    )
    and lower(storage.extension(name)) in ('png', 'jpg', 'webp')
  );

create policy "app-icons: an owner replaces their icons"
  on storage.objects for update to authenticated
  using (bucket_id = 'app-icons' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (
    bucket_id = 'app-icons'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and exists (
      select 1 from public."App" as a
      where a.id::text = (storage.foldername(objects.name))[2] and a.owner_id = (select auth.uid())
    )
  );

create policy "app-icons: an owner removes their icons"
  on storage.objects for delete to authenticated
  using (bucket_id = 'app-icons' and (storage.foldername(name))[1] = (select auth.uid())::text);
