// Addresses of the teacher feature's pages and of the pages it links to (by URL, never by import).
export const TEACHER_PORTAL = '/teacher-portal';
export const MY_CLASSES = '/my-classes';

export function classPath(classId: string): string {
  return `${TEACHER_PORTAL}/class/${encodeURIComponent(classId)}`;
}

/** The link a student opens to join: `{origin}/join/{code}`. */
export function joinLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/join/${encodeURIComponent(code)}`;
}

/** Where a student opens an assignment: the app attributed to the class, or the bundle's page. */
export function assignmentHref(assignment: { app_id: string | null; bundle_id: string | null }, classId: string): string | null {
  const query = `?class=${encodeURIComponent(classId)}`;
  if (assignment.app_id !== null) return `/deployed-app/${encodeURIComponent(assignment.app_id)}${query}`;
  if (assignment.bundle_id !== null) return `/bundle/${encodeURIComponent(assignment.bundle_id)}${query}`;
  return null;
}
