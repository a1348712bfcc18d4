/** "Nov 20, 2026" for a stored timestamp; "—" when there is none. */
export function formatDay(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' }) : '—';
}
