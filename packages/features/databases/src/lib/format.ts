// Numbers and times as a person reads them (en-GB, the product's locale).
const counts = new Intl.NumberFormat('en-GB');
const dates = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCount(value: number): string {
  return counts.format(value);
}

export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dates.format(date);
}

/** A file size in the largest unit that keeps it at least 1 (KB and MB are 1024-based). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${counts.format(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
  if (bytes >= 1024) return `${counts.format(Math.round(bytes / 1024))} KB`;
  return `${counts.format(bytes)} bytes`;
}
