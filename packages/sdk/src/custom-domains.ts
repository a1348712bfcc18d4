import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { normaliseHost } from './auth-lite/appforge-error';
import { fromPostgrest } from './errors';
import type { CustomDomainsApi } from './types';

export { normaliseHost };

export function createCustomDomainsApi(supabase: SupabaseClient<Database>): CustomDomainsApi {
  return {
    async lookup(host) {
      const value = normaliseHost(host);
      if (value === '') return null;
      // seed §7.1: select app_id, is_app, is_landing_page, bundle_id, is_bundle from CustomDomain
      // where value equals the current host name.
      const { data, error, status } = await supabase
        .from('CustomDomain')
        .select('app_id, is_app, is_landing_page, bundle_id, is_bundle')
        .eq('value', value)
        .maybeSingle();
      if (error) throw fromPostgrest(error, status);
      return data;
    },
  };
}
