import { describe, expect, it } from 'vitest';
import { csvFileName, rowsToCsv, safeCell } from './csv-export';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(safeCell('=HYPERLINK("http://evil","click")')).toBe(`'=HYPERLINK("http://evil","click")`);
    expect(safeCell('+1+1')).toBe("'+1+1");
    expect(safeCell('-2')).toBe("'-2");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('Dune')).toBe('Dune');
  });

  it('quotes every cell, keeps quotes, commas and new lines inside cells, and writes JSON as text', () => {
    const csv = rowsToCsv(
      [
        { name: 'Title', type: 'text' },
        { name: 'Pages', type: 'number' },
        { name: 'Extra', type: 'json' },
      ],
      [
        { id: '1', data: { Title: 'He said "hi",\nthen left', Pages: 12, Extra: { a: [1] } }, created_at: '', updated_at: '' },
        { id: '2', data: { Title: '=1+1' }, created_at: '', updated_at: '' },
      ],
    );
    expect(csv).toBe('"Title","Pages","Extra"\r\n"He said ""hi"",\nthen left","12","{""a"":[1]}"\r\n"\'=1+1","",""');
  });

  it('names the file after the table without characters a file system refuses', () => {
    expect(csvFileName('Books / 2024: read?')).toBe('Books  2024 read.csv');
    expect(csvFileName('***')).toBe('table.csv');
  });

  it('names a filtered export apart from the full one, with the day it was taken', () => {
    const day = new Date('2026-11-27T15:00:00Z');
    expect(csvFileName('Books', { filtered: true, at: day })).toBe('Books-filtered-2026-11-27.csv');
    expect(csvFileName('Books', { filtered: false, at: day })).toBe('Books.csv');
    expect(csvFileName('../etc/passwd', { filtered: true, at: day })).toBe('etcpasswd-filtered-2026-11-27.csv');
  });
});
