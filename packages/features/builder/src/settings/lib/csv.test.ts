import { makeRun } from '@appforge/sdk/testing';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, escapeCell, RUN_CSV_COLUMNS, runsToCsv } from './csv';

describe('CSV export of runs', () => {
  it('defuses cells a spreadsheet would run as a formula (= + - @, tab, carriage return)', () => {
    for (const hostile of ['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =1+1']) {
      expect(escapeCell(hostile)).toBe(`'${hostile}`);
    }
    expect(escapeCell('plain text')).toBe('plain text');
    expect(escapeCell('a=b')).toBe('a=b');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(null)).toBe('');
  });

  it('writes one row per run with a header, escaping visitor inputs and model outputs', () => {
    const run = makeRun({
      inputs: { question: '=cmd|" /C calc"!A0' },
      outputs: '@evil',
      usage: { inputTokens: 12, outputTokens: 34 },
      duration_ms: 1500,
      version_number: 3,
    });
    const csv = runsToCsv([run]);
    const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...RUN_CSV_COLUMNS]);
    const row = parsed.data[1] ?? [];
    expect(row[0]).toBe(run.id);
    expect(row[2]).toBe('Finished');
    expect(row[3]).toBe('3');
    expect(row[4]).toBe('1500');
    expect(row[5]).toBe('12');
    expect(row[6]).toBe('34');
    expect(row[7]).toBe(`{"question":"=cmd|\\" /C calc\\"!A0"}`);
    expect(row[8]).toBe("'@evil");
    // No cell of the file starts with a formula character.
    for (const cell of parsed.data.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('escapes a JSON output that starts with a minus sign and a failed run’s error', () => {
    const run = makeRun({ status: 'failed', outputs: null, error: { code: 'model_error', message: 'The model refused' } });
    const row = Papa.parse<string[]>(runsToCsv([run]).trim()).data[1] ?? [];
    expect(row[2]).toBe('Failed');
    expect(row[9]).toBe('model_error: The model refused');
    expect(escapeCell([-1, 2])).toBe('[-1,2]');
    expect(escapeCell(-1.5)).toBe(-1.5);
  });

  it('writes a run’s final results as the person saw them, not run-app’s JSON of them, and defuses them', () => {
    const run = makeRun({ outputs: [{ stepId: 'show', title: 'Your recipe', markdown: '+SUM(A1:A9)' }, { stepId: 'more', title: 'More', markdown: 'Serve hot.' }] });
    const row = Papa.parse<string[]>(runsToCsv([run]).trim()).data[1] ?? [];
    expect(row[8]).toBe("'+SUM(A1:A9)\n\nServe hot.");
  });

  it('names the file after the app and the day', () => {
    expect(csvFileName('Recipe Finder!', new Date('2026-11-21T10:00:00Z'))).toBe('runs-recipe-finder-2026-11-21.csv');
    expect(csvFileName('???', new Date('2026-11-21T10:00:00Z'))).toBe('runs-app-2026-11-21.csv');
  });
});
