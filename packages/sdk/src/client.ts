import { createClient } from '@supabase/supabase-js';
import type { SupabaseClientOptions } from '@supabase/supabase-js';
import { createApiKeysApi } from './api-keys';
import { createAppTestsApi } from './app-tests';
import { createAuthApi } from './auth';
import { createCustomDomainsApi } from './custom-domains';
import type { Database } from './database.types';
import { createFunctionsApi } from './functions';
import { createLiveApi } from './live';
import { createAppsApi } from './apps';
import { createBuilderApi } from './builder';
import { createDatabasesApi } from './databases';
import { createExternalApisApi } from './external-apis';
import { createBillingApi } from './billing';
import { createBundlesApi } from './bundles';
import { createClassesApi } from './classes';
import { createRunsApi } from './runs';
import { createVersionsApi } from './versions';
import type { AppforgeClient, AppforgeClientOptions } from './types';
import { createUsersApi } from './users';

/**
 * The typed client for the whole product. A missing URL or key throws supabase-js's own
 * "supabaseUrl is required." / "supabaseKey is required." unchanged (seed §5).
 */
export function createAppforgeClient(options: AppforgeClientOptions): AppforgeClient {
  const clientOptions: SupabaseClientOptions<'public'> = {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      ...(options.storageKey === undefined ? {} : { storageKey: options.storageKey }),
    },
    // One retry policy: the React hooks' retryTransient (two retries, for network trouble and
    // server errors). postgrest-js's own retries (three more per attempt, 1 s + 2 s + 4 s) would
    // stack under it and hold a failed page on "Loading…" for about 25 s.
    db: { retry: false },
    ...(options.fetch === undefined ? {} : { global: { fetch: options.fetch } }),
    ...(options.realtimeTransport === undefined ? {} : { realtime: { transport: options.realtimeTransport } }),
  };
  const supabase = createClient<Database>(options.url, options.anonKey, clientOptions);
  const functions = createFunctionsApi(supabase);
  const icons = { apiUrl: options.url, imageTransformations: options.imageTransformations ?? false };
  return {
    supabase,
    users: createUsersApi(supabase, functions),
    apps: createAppsApi(supabase, icons),
    databases: createDatabasesApi(supabase),
    // Your APIs (issue 15)
    apis: createExternalApisApi(supabase),
    versions: createVersionsApi(supabase),
    runs: createRunsApi(supabase),
    builder: createBuilderApi(supabase),
    bundles: createBundlesApi(supabase, icons),
    billing: createBillingApi(supabase),
    customDomains: createCustomDomainsApi(supabase),
    functions,
    auth: createAuthApi(supabase, functions),
    live: createLiveApi(supabase),
    apiKeys: createApiKeysApi(supabase, options.url),
    classes: createClassesApi(supabase),
    appTests: createAppTestsApi(supabase),
  };
}
