// Numbers as a person reads them (en-GB). Dates and times: formatDateTime in @appforge/ui.
const counts = new Intl.NumberFormat('en-GB');

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A file size in the largest unit that keeps it at least 1 (KB and MB are 1024-based). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${counts.format(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
  if (bytes >= 1024) return `${counts.format(Math.round(bytes / 1024))} KB`;
  return `${counts.format(bytes)} bytes`;
}
