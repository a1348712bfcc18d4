import { isPgError } from '../db/database.js';

/** Error codes storage-js and apps see in `error.code` (supabase/storage `ErrorCode`). */
export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'ResourceNotEmpty'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidRange'
  | 'InvalidMimeType'
  | 'KeyAlreadyExists'
  | 'BucketAlreadyExists'
  | 'DatabaseTimeout'
  | 'InvalidSignature'
  | 'AccessDenied'
  | 'MissingParameter'
  | 'InvalidParameter';

/**
 * An error rendered the way Supabase Storage renders it: `{statusCode: "<real status>", code,
 * error, message}` in the body, sent with HTTP 400 for everything but 5xx (supabase-wire §4.3).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: StorageErrorCode,
    message: string,
    /** The legacy `error` text storage-js users match on; defaults to the code. */
    readonly legacyError?: string,
    /** False for the request-validation errors Storage's web framework renders without a code. */
    readonly withCode = true,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  /** Storage sends renderable errors as HTTP 400 unless they are server faults. */
  get httpStatus(): 400 | 500 | 544 {
    if (this.statusCode === 544) return 544;
    return this.statusCode >= 500 ? 500 : 400;
  }

  render(): { statusCode: string; code?: StorageErrorCode; error: string; message: string } {
    return {
      statusCode: String(this.statusCode),
      ...(this.withCode ? { code: this.code } : {}),
      error: this.legacyError ?? this.code,
      message: this.message,
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  /** No Authorization header: Storage's schema check answers before any JWT is looked at. */
  missingAuthorization: () =>
    new StorageError(400, 'InvalidRequest', "headers must have required property 'authorization'", 'Error', false),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message, 'Unauthorized'),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidParameter: (message: string) => new StorageError(400, 'InvalidParameter', message),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (message: string) => new StorageError(415, 'InvalidMimeType', message, 'invalid_mime_type'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  databaseTimeout: () =>
    new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', 'Internal'),
};

/**
 * Turns anything thrown while serving a request into a StorageError. Postgres errors map the way
 * Storage maps them: RLS refusals → 403 AccessDenied, unique violations → 409 Duplicate.
 * `duplicate` picks the 409 flavour (an object key or a bucket).
 */
export function toStorageError(error: unknown, duplicate: 'key' | 'bucket' = 'key'): StorageError {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) {
    switch (error.code) {
      case '42501':
        return storageErrors.accessDenied();
      case '23505':
        return duplicate === 'bucket' ? storageErrors.bucketAlreadyExists() : storageErrors.keyAlreadyExists();
      case '23503':
        return duplicate === 'bucket' ? storageErrors.bucketNotEmpty() : storageErrors.noSuchBucket();
      case '57014':
        return storageErrors.databaseTimeout();
      default:
        return storageErrors.internal();
    }
  }
  return storageErrors.internal();
}
