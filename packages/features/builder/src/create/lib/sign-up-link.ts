// Where /create-new-app sends a visitor once their description is stored: the sign-in screen in
// sign-up mode (seed §2.3: `app_description_id` → "Sign Up To Create Your App"), told to come back
// to /create-new-app with the same id, where the signed-in person's app is then built.
import { z } from 'zod';

const descriptionId = z.uuid();

/** `/create-new-app?app_description_id=<id>`: the page that builds the app after sign-in. */
export function resumePath(appDescriptionId: string): string {
  return `/create-new-app?${new URLSearchParams({ app_description_id: appDescriptionId }).toString()}`;
}

/** `/sign-in?app_description_id=<id>&next=<resume path>`. */
export function signUpPath(appDescriptionId: string): string {
  return `/sign-in?${new URLSearchParams({ app_description_id: appDescriptionId, next: resumePath(appDescriptionId) }).toString()}`;
}

/** The description id from the address bar, or null when absent or not a UUID (never sent). */
export function readDescriptionId(search: URLSearchParams): string | null {
  const parsed = descriptionId.safeParse(search.get('app_description_id'));
  return parsed.success ? parsed.data : null;
}
