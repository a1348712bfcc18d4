import { describe, expect, it } from 'vitest';
import { dailyRunsSchema, joinCodeSchema, newClassSchema } from './schemas';
import { assignmentHref, joinLink } from './paths';
import { textOf } from './format';
import { exportFileName } from '../components/ClassSettingsPanel';

describe('what the teacher forms accept', () => {
  it('takes a join code as a student types it: lower case, spaces and dashes', () => {
    expect(joinCodeSchema.parse(' k7pq-2xma ')).toBe('K7PQ2XMA');
    expect(joinCodeSchema.parse('K7PQ 2XMA')).toBe('K7PQ2XMA');
  });

  it('refuses codes of the wrong shape with words, before asking the server', () => {
    expect(joinCodeSchema.safeParse('').error?.issues[0]?.message).toBe('Enter the code your teacher gave you.');
    expect(joinCodeSchema.safeParse('K7PQ2XM').error?.issues[0]?.message).toMatch(/8 letters and digits/);
    expect(joinCodeSchema.safeParse('K7PQ2XMA; drop table').success).toBe(false);
    expect(joinCodeSchema.safeParse('K7PQ2XMÄ').success).toBe(false);
  });

  it('needs a class name and keeps empty subject and grade as none', () => {
    expect(newClassSchema.safeParse({ name: '  ', subject: '', grade: '' }).error?.issues[0]?.message).toBe('Give the class a name.');
    expect(newClassSchema.parse({ name: ' 7B Science ', subject: '', grade: ' 7 ' })).toEqual({ name: '7B Science', subject: null, grade: '7' });
    expect(newClassSchema.safeParse({ name: 'x'.repeat(121), subject: '', grade: '' }).success).toBe(false);
  });

  it('keeps the daily run limit between 1 and 10000 whole runs', () => {
    expect(dailyRunsSchema.parse('20')).toBe(20);
    expect(dailyRunsSchema.safeParse('0').success).toBe(false);
    expect(dailyRunsSchema.safeParse('2.5').success).toBe(false);
    expect(dailyRunsSchema.safeParse('10001').success).toBe(false);
    expect(dailyRunsSchema.safeParse('lots').success).toBe(false);
  });
});

describe('links and texts the screens show', () => {
  it('builds the join link from the site origin', () => {
    expect(joinLink('https://schools.example.org/', 'K7PQ2XMA')).toBe('https://schools.example.org/join/K7PQ2XMA');
  });

  it('opens an assigned app attributed to the class, and a bundle on its page', () => {
    expect(assignmentHref({ app_id: 'a1', bundle_id: null }, 'c1')).toBe('/deployed-app/a1?class=c1');
    expect(assignmentHref({ app_id: null, bundle_id: 'b1' }, 'c1')).toBe('/bundle/b1?class=c1');
    expect(assignmentHref({ app_id: null, bundle_id: null }, 'c1')).toBeNull();
  });

  it('shows run inputs and outputs as readable lines', () => {
    expect(textOf({ question: 'Why green?', answer: { text: 'Chlorophyll' } })).toBe('question: Why green?\nanswer: text: Chlorophyll');
    expect(textOf(null)).toBe('');
    expect(textOf(['a', 2, true])).toBe('a\n2\ntrue');
  });

  it('names the export after the class and the day, in safe characters', () => {
    expect(exportFileName('7B Science / Ms. Ng', new Date('2026-11-25T10:00:00Z'))).toBe('7b-science-ms-ng-runs-2026-11-25.csv');
    expect(exportFileName('!!!', new Date('2026-11-25T10:00:00Z'))).toBe('class-runs-2026-11-25.csv');
  });
});
