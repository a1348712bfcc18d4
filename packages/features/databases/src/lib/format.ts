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
