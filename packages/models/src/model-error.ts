import { APICallError } from 'ai';

export const MODEL_ERROR_CODES = [
  'rate_limited',
  'provider_error',
  'timeout',
  'bad_request',
  'auth_failed',
  'cancelled',
  'invalid_output',
  'unknown_model',
  'invalid_config',
] as const;
export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];

export interface ModelErrorOptions {
  readonly status?: number;
  /** For `invalid_output`: what did not fit, as `path: message` lines. */
  readonly issues?: readonly string[];
  readonly cause?: unknown;
}

/**
 * Every failure of this package: a code a program can branch on and a message a creator can act
 * on (the engine shows it in `run_failed`, the builder in its chat).
 */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly code: ModelErrorCode;
  readonly status?: number;
  readonly issues: readonly string[];

  constructor(code: ModelErrorCode, message: string, options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    this.issues = options.issues ?? [];
  }

  toJSON(): { code: ModelErrorCode; message: string; status?: number; issues?: readonly string[] } {
    return {
      code: this.code,
      message: this.message,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.issues.length > 0 ? { issues: this.issues } : {}),
    };
  }
}

export function isModelError(error: unknown): error is ModelError {
  return error instanceof ModelError;
}

/** The provider's own words, when its error body has them (OpenAI shape `{ error: { message } }`). */
function providerMessage(error: APICallError): string | undefined {
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const inner: unknown = data.error;
    if (typeof inner === 'string') return inner;
    if (typeof inner === 'object' && inner !== null && 'message' in inner && typeof inner.message === 'string') return inner.message;
  }
  const body = error.responseBody?.trim();
  if (body && body.length <= 300 && !body.startsWith('<')) return body;
  return undefined;
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Whether another attempt may help: 429, 5xx and broken connections, never other 4xx. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status < 400 || status === 429 || status >= 500;
}

/** Maps an HTTP failure of the provider to a ModelError with a message a creator understands. */
export function errorFromStatus(status: number | undefined, model: string, detail?: string, cause?: unknown): ModelError {
  const said = detail ? ` The provider said: “${clip(detail)}”` : '';
  const base = { ...(status !== undefined ? { status } : {}), cause };
  if (status === undefined) {
    return new ModelError('provider_error', `The AI provider could not be reached for ${model}.${said} Check AI_BASE_URL and that the server is running.`, base);
  }
  if (status < 400) {
    // The response started well (2xx) and then the connection or the stream broke.
    return new ModelError('provider_error', `The connection to the AI provider broke while ${model} was answering. Try again.${said}`, { cause });
  }
  if (status === 429) {
    return new ModelError('rate_limited', `The AI provider is receiving too many requests for ${model} (429). Wait a minute and try again.${said}`, base);
  }
  if (status === 401 || status === 403) {
    return new ModelError(
      'auth_failed',
      `The AI provider refused the API key for ${model} (${status}). Check AI_API_KEY and that the key may use this model.${said}`,
      base,
    );
  }
  if (status === 404) {
    return new ModelError('bad_request', `The AI provider does not know the model ${model} (404). Check AI_MODEL or the model catalogue.${said}`, base);
  }
  if (status >= 500) {
    return new ModelError('provider_error', `The AI provider failed while answering with ${model} (${status}). Try again later.${said}`, base);
  }
  return new ModelError('bad_request', `The AI provider refused the request for ${model} (${status}).${said}`, base);
}

/** Any error from the AI SDK or the network, as a ModelError. */
export function toModelError(error: unknown, model: string): ModelError {
  if (error instanceof ModelError) return error;
  if (APICallError.isInstance(error)) return errorFromStatus(error.statusCode, model, providerMessage(error), error);
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('provider_error', `The AI provider failed while answering with ${model}: ${clip(message)}`, { cause: error });
}
