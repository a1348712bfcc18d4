export interface MailAddress {
  name: string;
  address: string;
}

/** Parses `Name <addr@host>` or a bare address. */
export function parseAddress(value: string): MailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match) return { name: (match[1] ?? '').trim(), address: (match[2] ?? '').trim() };
  return { name: '', address: value.trim() };
}
