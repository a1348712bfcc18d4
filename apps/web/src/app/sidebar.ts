import type { FeatureNavEntry } from '@appforge/ui';
import type { HostKind } from './access-gate/access-rules';

/** Whom the sidebar is arranged for (issue 27: students and teachers got the whole creator sidebar). */
export type SidebarAudience = 'creator' | 'teacher' | 'student';

export interface SchoolRoles {
  isTeacher: boolean;
  isStudent: boolean;
}

/**
 * The audience from the host and the school roles (null while unknown or signed out).
 * A teacher is a teacher everywhere; someone who only studies is a student; on the schools host
 * everyone who is not a teacher is there as a student (or about to become one through a join link).
 */
export function sidebarAudience(hostKind: HostKind, roles: SchoolRoles | null): SidebarAudience {
  if (roles?.isTeacher === true) return 'teacher';
  if (hostKind === 'schools' || roles?.isStudent === true) return 'student';
  return 'creator';
}

const TEACHER_PORTAL: FeatureNavEntry = { href: '/teacher-portal', label: 'Teacher portal', order: 50, activePrefixes: ['/teacher-portal/'] };
const MY_CLASSES: FeatureNavEntry = { href: '/my-classes', label: 'My classes', order: 51, activePrefixes: ['/join/'] };
// The shared "Classes" entry only forwards to one of the two above: once the role is known it is replaced.
const CLASSES_HREF = '/classes';
const HOME_HREF = '/';
const SETTINGS_HREF = '/settings';

/**
 * The sidebar for one audience, from every manifest's entries. Only the sidebar changes: every
 * route stays reachable by its address.
 * - creator: every entry.
 * - teacher: the teacher portal in place of "Classes" (and My classes when they also study); on
 *   the main host the creator entries stay, since teachers build the apps they assign; on the
 *   schools host (where "/" is the portal) only the portal, My classes and Settings.
 * - student: My classes first, then Home (main host only, where they may still build) and Settings.
 */
export function sidebarFor(entries: readonly FeatureNavEntry[], audience: SidebarAudience, hostKind: HostKind, roles: SchoolRoles | null): FeatureNavEntry[] {
  if (audience === 'creator') return [...entries];
  const settings = entries.filter((entry) => entry.href === SETTINGS_HREF);
  if (audience === 'student') {
    const home = hostKind === 'schools' ? [] : entries.filter((entry) => entry.href === HOME_HREF);
    return [{ ...MY_CLASSES, order: -1 }, ...home, ...settings];
  }
  const classes = roles?.isStudent === true ? [TEACHER_PORTAL, MY_CLASSES] : [TEACHER_PORTAL];
  if (hostKind === 'schools') return [...classes, ...settings];
  const creator = entries.filter((entry) => entry.href !== CLASSES_HREF);
  return [...creator, ...classes].map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.order - b.entry.order || a.index - b.index).map(({ entry }) => entry);
}
