/**
 * Saves text as a file through the browser's download (an object URL on a temporary link).
 * CSV gets a byte-order mark so spreadsheet programs read it as UTF-8.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const blob = new Blob([type.startsWith('text/csv') ? `\ufeff${text}` : text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns; revoke on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
