// The public API's answers: JSON, and errors as `{ "error": { "code", "message" } }`.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: readonly { field: string; code: string; message: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export function apiJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function apiErrorResponse(error: ApiError): Response {
  const headers: Record<string, string> = {};
  if (error.extra.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.extra.retryAfterSeconds);
  if (error.status === 401) headers['www-authenticate'] = 'Bearer realm="appforge"';
  return apiJson(
    error.status,
    { error: { code: error.code, message: error.message, ...(error.extra.fields ? { fields: error.extra.fields } : {}) } },
    headers,
  );
}

export const invalidApiKey = (): ApiError =>
  new ApiError(401, 'invalid_api_key', 'The API key is missing, unknown, revoked or expired; send it as Authorization: Bearer <key>');
