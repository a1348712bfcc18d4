import type { ApiImportPreview } from '@appforge/sdk';
import { useImportOpenApi } from '@appforge/sdk/react';
import { Button, TextField } from '@appforge/ui';
import { useState } from 'react';

/** Uploaded documents above this are refused before sending (the server refuses them too). */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/**
 * Import from an OpenAPI 3 / Swagger 2 document, by URL (the server fetches it through its guard)
 * or from a file; shows what would be imported, and hands it over only when the owner says so.
 */
export function OpenApiImport({ onUse, autoFocus = false }: { onUse: (preview: ApiImportPreview) => void; autoFocus?: boolean }) {
  const [url, setUrl] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const read = useImportOpenApi();
  const preview = read.data;
  return (
    <section className="apis-section" aria-labelledby="api-import">
      <h2 id="api-import" className="apis-subtitle">
        Import an OpenAPI document
      </h2>
      <form
        className="apis-row"
        onSubmit={(event) => {
          event.preventDefault();
          setFileError(null);
          read.mutate({ url: url.trim() });
        }}
      >
        <TextField
          label="Document URL"
          type="url"
          value={url}
          autoFocus={autoFocus}
          placeholder="https://api.example.com/openapi.json"
          onChange={(event) => setUrl(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={read.isPending} disabled={url.trim() === ''}>
          Read document
        </Button>
      </form>
      <TextField
        label="Or choose a file (JSON or YAML)"
        type="file"
        accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
        error={fileError ?? undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          setFileError(null);
          if (!file) return;
          if (file.size > MAX_IMPORT_BYTES) {
            setFileError(`That file is ${(file.size / 1024 / 1024).toFixed(1)} MB; a document can be at most 1 MB.`);
            return;
          }
          void file.text().then((document) => read.mutate({ document }));
        }}
      />
      {read.isError ? (
        <p role="alert" className="apis-error">
          {read.error.message}
        </p>
      ) : null}
      {preview ? (
        <div className="apis-preview" role="region" aria-label="What will be imported">
          <p>
            <strong>{preview.api.name}</strong> at {preview.api.base_url || 'no base URL (add one below)'} — {preview.endpoints.length} endpoint
            {preview.endpoints.length === 1 ? '' : 's'}
            {preview.api.auth_kind !== 'none' ? `, authentication: ${preview.api.auth_kind}${preview.api.auth_name ? ` (${preview.api.auth_name})` : ''}` : ''}.
          </p>
          <ul className="apis-endpoint-list">
            {preview.endpoints.slice(0, 50).map((endpoint) => (
              <li key={`${endpoint.method} ${endpoint.path}`}>
                <code>
                  {endpoint.method} {endpoint.path}
                </code>{' '}
                — {endpoint.name}
              </li>
            ))}
          </ul>
          {preview.endpoints.length > 50 ? <p className="apis-hint">…and {preview.endpoints.length - 50} more.</p> : null}
          {preview.skipped.length > 0 ? <p className="apis-hint">Left out: {preview.skipped.slice(0, 10).join('; ')}</p> : null}
          <Button type="button" onClick={() => onUse(preview)}>
            Use this
          </Button>
        </div>
      ) : null}
    </section>
  );
}
