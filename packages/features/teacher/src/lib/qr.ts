// The QR code of a join link, drawn by the `qrcode` library as SVG (no canvas needed). The library
// is downloaded on first use only: most pages never show a QR code.
export async function qrSvgDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
