// Data for the stories: the Planets app of the tests, its cases and runs, as the SDK returns them.
import { appInputFields, appSpecSchema, checkCaseInputs } from '@appforge/engine';
import type { AppTestCaseRow, AppTestRunRow } from '@appforge/sdk';
import type { CaseView } from '../components/CaseList';
import type { TestRunState } from '../data/use-run-tests';

const spec = appSpecSchema.parse({
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
  ],
});

export const fields = appInputFields(spec);
export const APP_ID = '6f1c1d8e-5b7a-4a53-9b3e-2f6a0c1d2e3f';
export const USER_ID = '0b6b5a7c-1d2e-4f3a-8b9c-0d1e2f3a4b5c';
const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();

function row(id: string, name: string, inputs: Record<string, unknown>, expectations: Record<string, unknown>[], mode: AppTestCaseRow['mode'] = 'must_pass'): AppTestCaseRow {
  return { id, app_id: APP_ID, name, inputs, expectations, mode, runs: 1, passes_needed: 1, source_run_id: null, created_at: hourAgo, updated_at: hourAgo };
}

export const caseRows: AppTestCaseRow[] = [
  row('11111111-1111-4111-8111-111111111111', 'Names Mars', { planet: 'Mars' }, [{ kind: 'contains', text: 'You chose Mars', ignoreCase: true }]),
  row('22222222-2222-4222-8222-222222222222', 'Short answer', { planet: 'Earth' }, [{ kind: 'length', max: 40 }, { kind: 'matches', pattern: '^You', flags: '' }], 'warn_only'),
  row('33333333-3333-4333-8333-333333333333', 'Old moon case', { moon: 'Phobos' }, [{ kind: 'contains', text: 'Phobos', ignoreCase: true }]),
];

export const cases: CaseView[] = caseRows.map((item) => {
  const checked = checkCaseInputs(spec, item.inputs);
  return { row: item, needsUpdate: checked.status === 'needs_update' ? checked.reasons : null };
});

export const versions = [
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', label: 'Draft (version 3)' },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', label: 'Live (version 2)' },
];

export const idle: TestRunState = { status: 'idle', testRunId: null, versionNumber: null, caseCount: null, finished: [], summary: null, error: null };

export const running: TestRunState = {
  ...idle,
  status: 'running',
  testRunId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  versionNumber: 3,
  caseCount: 3,
  finished: [
    {
      caseId: '11111111-1111-4111-8111-111111111111',
      name: 'Names Mars',
      status: 'passed',
      reason: 'The output contains “You chose Mars”.',
      output: 'You chose Mars.',
      runs: { total: 1, passed: 1, needed: 1 },
    },
  ],
};

export const finished: TestRunState = {
  ...running,
  status: 'done',
  finished: [
    ...running.finished,
    {
      caseId: '22222222-2222-4222-8222-222222222222',
      name: 'Short answer',
      status: 'failed',
      reason: '1 of 3 runs passed; 2 need to pass. The output has 52 characters, more than 40.',
      output: 'You chose Earth, the third planet from the Sun. Welcome.',
      runs: { total: 3, passed: 1, needed: 2 },
    },
    {
      caseId: '33333333-3333-4333-8333-333333333333',
      name: 'Old moon case',
      status: 'needs_update',
      reason: 'The app no longer has a field named moon.',
      output: null,
      runs: { total: 1, passed: null, needed: 1 },
    },
  ],
  summary: { passed: 1, failed: 1, needsUpdate: 1 },
};

export const runs: AppTestRunRow[] = [
  {
    id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    app_id: APP_ID,
    version_id: versions[0]?.id ?? null,
    version_number: 3,
    started_by: USER_ID,
    status: 'done',
    case_count: 3,
    passed: 1,
    failed: 1,
    needs_update: 1,
    error: null,
    started_at: hourAgo,
    finished_at: hourAgo,
  },
];
