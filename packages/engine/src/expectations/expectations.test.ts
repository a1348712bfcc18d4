import { describe, expect, it } from 'vitest';

import { linearInput, spec } from '../../test/fixtures';
import { checkCaseInputs, evaluateExpectation, evaluateExpectations, expectationSchema, repeatedVerdict, testCaseSchema } from './expectations';
import type { Expectation, ExpectationInput, RunObservation } from './expectations';

function parse(input: ExpectationInput): Expectation {
  return expectationSchema.parse(input);
}

function check(input: ExpectationInput, observation: RunObservation) {
  return evaluateExpectation(parse(input), observation);
}

function refusal(input: unknown): string {
  const parsed = expectationSchema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues.map((issue) => issue.message).join(' ');
}

describe('expectations', () => {
  it('contains / does not contain, ignoring case unless asked', () => {
    const out = { text: 'The capital of France is Paris.' };
    expect(check({ kind: 'contains', text: 'paris' }, out)).toMatchObject({ pass: true });
    expect(check({ kind: 'contains', text: 'paris', ignoreCase: false }, out)).toMatchObject({
      pass: false,
      reason: 'The output does not contain “paris”.',
    });
    expect(check({ kind: 'not_contains', text: 'London' }, out).pass).toBe(true);
    expect(check({ kind: 'not_contains', text: 'PARIS' }, out)).toMatchObject({ pass: false, reason: 'The output contains “PARIS”, which it should not.' });
  });

  it('matches a pattern, and a catastrophic pattern on a long output still answers', () => {
    expect(check({ kind: 'matches', pattern: '^The .* Paris\\.$' }, { text: 'The capital of France is Paris.' }).pass).toBe(true);
    const hostile = check({ kind: 'matches', pattern: '^(a+)+$' }, { text: `${'a'.repeat(50_000)}b` });
    expect(hostile).toEqual({ kind: 'matches', pass: false, reason: 'The output does not match “^(a+)+$”.' });
    expect(check({ kind: 'matches', pattern: 'a' }, { text: 'a'.repeat(100_001) })).toMatchObject({
      pass: false,
      reason: 'The output has more than 100000 characters, too long to check against a pattern.',
    });
  });

  it('refuses an invalid or unsupported pattern on save with a clear message', () => {
    expect(refusal({ kind: 'matches', pattern: '(unclosed' })).toBe('The pattern cannot be used: A group opened with ( is never closed.');
    expect(refusal({ kind: 'matches', pattern: '(a)\\1' })).toContain('Back-references');
  });

  it('JSON path equals, from the output or from a variable', () => {
    const out = { text: '```json\n{"answer": {"items": [{"n": 3}]}}\n```', variables: { data: { ok: true } } };
    expect(check({ kind: 'json_path_equals', path: '$.answer.items[0].n', value: 3 }, out)).toMatchObject({ pass: true });
    expect(check({ kind: 'json_path_equals', path: '$.answer.items[0].n', value: 4 }, out)).toMatchObject({
      pass: false,
      reason: '$.answer.items[0].n is 3, not 4.',
    });
    expect(check({ kind: 'json_path_equals', path: '$.ok', value: true, variable: 'data' }, out).pass).toBe(true);
    expect(check({ kind: 'json_path_equals', path: '$.missing', value: 1 }, out)).toMatchObject({ pass: false, reason: 'Nothing is at $.missing.' });
    expect(check({ kind: 'json_path_equals', path: '$.a', value: 1 }, { text: 'plain words' })).toMatchObject({ reason: 'The output is not JSON.' });
  });

  it('JSON path does not reach into prototypes', () => {
    expect(check({ kind: 'json_path_equals', path: '$.constructor', value: null }, { text: '{}' }).pass).toBe(false);
    expect(check({ kind: 'json_path_equals', path: '$["__proto__"]', value: {} }, { text: '{}' }).pass).toBe(false);
  });

  it('refuses a JSON path it cannot read', () => {
    expect(refusal({ kind: 'json_path_equals', path: 'answer', value: 1 })).toContain('starts with $');
    expect(refusal({ kind: 'json_path_equals', path: '$..*', value: 1 })).toContain('cannot be read at position 2');
  });

  it('matches a JSON schema', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['name'] };
    expect(check({ kind: 'json_schema', schema }, { text: '{"name": "Ada", "age": 36}' }).pass).toBe(true);
    const wrong = check({ kind: 'json_schema', schema }, { text: '{"age": -1}' });
    expect(wrong.pass).toBe(false);
    expect(wrong.reason).toMatch(/^The JSON does not match the schema at /);
  });

  it('refuses a JSON schema that would run a backtracking pattern, or is too deep', () => {
    expect(refusal({ kind: 'json_schema', schema: { type: 'string', pattern: '^(a+)+$' } })).toContain('“pattern”');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) deep = { type: 'array', items: deep };
    expect(refusal({ kind: 'json_schema', schema: deep })).toContain('nested at most');
    expect(refusal({ kind: 'json_schema', schema: { $ref: 'https://evil.example/schema' } })).toContain('$ref');
  });

  it('length within bounds counts characters, not bytes', () => {
    expect(check({ kind: 'length', min: 2, max: 3 }, { text: '😀😀' }).pass).toBe(true);
    expect(check({ kind: 'length', max: 3 }, { text: 'four' })).toMatchObject({ pass: false, reason: 'The output has 4 characters, more than 3.' });
    expect(refusal({ kind: 'length', min: 5, max: 1 })).toBe('The shortest length is larger than the longest.');
    expect(refusal({ kind: 'length' })).toBe('Give a shortest length, a longest length, or both.');
  });

  it('a choice offered', () => {
    expect(check({ kind: 'choice_offered', label: 'Try again' }, { text: '', choices: ['try again ', 'Stop'] }).pass).toBe(true);
    expect(check({ kind: 'choice_offered', label: 'Refund' }, { text: '', choices: ['Stop'] })).toMatchObject({
      pass: false,
      reason: 'The run offers “Stop”, not “Refund”.',
    });
  });

  it('judged by the model: passes the rubric to the judge and keeps its reason; a failing judge fails the case', async () => {
    const judged = parse({ kind: 'judged', rubric: 'Is polite.' });
    const seen: string[] = [];
    const results = await evaluateExpectations([judged], { text: 'Thank you!' }, {
      judge: ({ rubric, output }) => {
        seen.push(`${rubric}|${output}`);
        return Promise.resolve({ pass: true, reason: 'It thanks the reader.' });
      },
    });
    expect(seen).toEqual(['Is polite.|Thank you!']);
    expect(results).toEqual([{ kind: 'judged', pass: true, reason: 'It thanks the reader.' }]);
    const broken = await evaluateExpectations([judged], { text: 'x' }, { judge: () => Promise.reject(new Error('model offline')) });
    expect(broken[0]).toMatchObject({ pass: false, reason: 'The model could not judge the output: model offline.' });
    expect((await evaluateExpectations([judged], { text: 'x' }))[0]?.pass).toBe(false);
  });

  it('refuses an unknown kind and an empty case', () => {
    expect(refusal({ kind: 'eval', code: 'process.exit()' })).toContain('An expectation kind is one of');
    const parsed = testCaseSchema.safeParse({ name: ' ', inputs: {}, expectations: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['A test case needs a name.', 'A test case checks at least one thing.']);
  });
});

describe('checkCaseInputs', () => {
  const app = spec(linearInput);

  it('is ready when the inputs fit the app', () => {
    expect(checkCaseInputs(app, { topic: 'owls' })).toEqual({ status: 'ready' });
  });

  it('needs update when a field was renamed or removed, instead of failing oddly', () => {
    expect(checkCaseInputs(app, { subject: 'owls' })).toEqual({
      status: 'needs_update',
      reasons: ['The app no longer has a field named subject.', '“Topic” is required.'],
    });
  });

  it('needs update when a value no longer fits the field', () => {
    const result = checkCaseInputs(app, { topic: 'x'.repeat(51) });
    expect(result.status).toBe('needs_update');
  });
});

describe('"n of m runs pass"', () => {
  const base = { name: 'Greets', inputs: {}, expectations: [{ kind: 'contains', text: 'Hello' }] };

  it('runs a case once and needs that run to pass unless it says otherwise', () => {
    expect(testCaseSchema.parse(base)).toMatchObject({ runs: 1, passesNeeded: 1 });
    expect(testCaseSchema.parse({ ...base, runs: 5, passesNeeded: 3 })).toMatchObject({ runs: 5, passesNeeded: 3 });
  });

  it('refuses n above m, zero, more than five runs, fractions and text, with a sentence that says why', () => {
    const refused = (value: Record<string, unknown>) => testCaseSchema.safeParse({ ...base, ...value }).error?.issues[0]?.message;
    expect(refused({ runs: 2, passesNeeded: 3 })).toBe('The runs that must pass cannot be more than the runs: choose n of m with n at most m.');
    expect(refused({ runs: 0 })).toBe('A case runs at least once.');
    expect(refused({ runs: 6 })).toBe('A case runs at most 5 times.');
    expect(refused({ passesNeeded: 0 })).toBe('At least one run must pass.');
    expect(refused({ runs: 2.5 })).toBe('Runs is a whole number from 1 to 5.');
    expect(refused({ runs: '3' })).toBe('Say how many times the case runs (1 to 5).');
  });

  it('passes a case when at least n of its m runs passed, and says how many did', () => {
    expect(repeatedVerdict([true, false, true], 2)).toEqual({ pass: true, reason: '2 of 3 runs passed; 2 need to pass.' });
    expect(repeatedVerdict([true, false, false], 2)).toEqual({ pass: false, reason: '1 of 3 runs passed; 2 need to pass.' });
    expect(repeatedVerdict([false], 1)).toEqual({ pass: false, reason: null });
  });
});
