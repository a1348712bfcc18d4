import { describe, expect, it } from 'vitest';
import { controlFields, draftFrom, inputsFrom } from './answers';

describe('the try-it panel’s answers', () => {
  const fields = controlFields([
    { name: 'count', label: 'Count', type: 'number', required: false },
    { name: 'brief', label: 'Brief', type: 'yes_no', required: false },
    { name: 'level', label: 'Level', type: 'choice', required: true, options: ['Beginner', 'Expert'] },
    { name: 'notes', label: 'Notes', type: 'file', required: false },
  ]);

  it('draws a number, a yes/no and a choice as the app’s own controls and leaves a file out', () => {
    expect(fields.map((field) => field.type)).toEqual(['number', 'yes_no', 'choice']);
    expect(draftFrom({ count: 1, brief: true, level: 'Beginner' })).toEqual({ count: '1', brief: 'yes', level: 'Beginner' });
  });

  it('sends numbers as numbers and yes/no as booleans, and leaves out what was not answered (not 0 or false)', () => {
    expect(inputsFrom(fields, { count: '2.5', brief: 'no', level: 'Expert' })).toEqual({ count: 2.5, brief: false, level: 'Expert' });
    expect(inputsFrom(fields, { count: ' ', brief: '', level: '' })).toEqual({ level: '' });
  });
});
