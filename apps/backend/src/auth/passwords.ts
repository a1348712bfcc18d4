import bcrypt from 'bcryptjs';
import { errors } from './errors.js';
import type { AuthSettings } from './settings.js';

const COST = 10;
// Compared against when the user does not exist, so "unknown user" and "wrong password" take as long.
const DUMMY_HASH = bcrypt.hashSync('appforge-timing-equaliser', COST);

/** weak_password below the minimum length; GoTrue's 72-character cap (bcrypt's input limit). */
export function checkPassword(settings: AuthSettings, password: string): void {
  if ([...password].length < settings.passwordMinLength) throw errors.weakPassword(settings.passwordMinLength);
  if (Buffer.byteLength(password, 'utf8') > 72) throw errors.passwordTooLong();
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, DUMMY_HASH);
    return false;
  }
  return bcrypt.compare(password, hash);
}
