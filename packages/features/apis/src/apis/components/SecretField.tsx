import type { ApiDetail } from '@appforge/sdk';
import { useSetApiSecret } from '@appforge/sdk/react';
import { Button, TextField } from '@appforge/ui';
import { useState } from 'react';

export function secretLabel(api: Pick<ApiDetail, 'secret_set' | 'secret_last4'>): string {
  if (!api.secret_set) return 'Not set';
  return api.secret_last4 ? `Set · ends in ${api.secret_last4}` : 'Set';
}

/**
 * The API's secret: once saved it never comes back to the browser, only "set · last 4". Typing a
 * new one replaces it; "Remove" deletes it.
 */
export function SecretField({ api }: { api: Pick<ApiDetail, 'id' | 'secret_set' | 'secret_last4' | 'auth_kind'> }) {
  const [secret, setSecret] = useState('');
  const save = useSetApiSecret();
  if (api.auth_kind === 'none') return null;
  return (
    <section className="apis-secret" aria-labelledby={`secret-${api.id}`}>
      <h3 id={`secret-${api.id}`} className="apis-subtitle">
        Secret
      </h3>
      <p className="apis-secret__state" role="status">
        {secretLabel(api)}
      </p>
      <form
        className="apis-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (secret.trim() === '') return;
          save.mutate({ apiId: api.id, secret: secret.trim() }, { onSuccess: () => setSecret('') });
        }}
      >
        <TextField
          label={api.secret_set ? 'Replace the secret' : 'Secret (API key, token or password)'}
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          hint="Stored encrypted. It is never shown again, not even to you."
          error={save.error?.message}
        />
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={secret.trim() === ''}>
          Save secret
        </Button>
        {api.secret_set ? (
          <Button type="button" variant="ghost" onClick={() => save.mutate({ apiId: api.id, secret: null })} disabled={save.isPending}>
            Remove secret
          </Button>
        ) : null}
      </form>
    </section>
  );
}
