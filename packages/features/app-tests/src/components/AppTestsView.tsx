import type { InputField } from '@appforge/engine';
import { messageOf } from '@appforge/sdk';
import type { AppTestCaseRow, AppTestRunRow } from '@appforge/sdk';
import { Button, EmptyState } from '@appforge/ui';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { TestRunState } from '../data/use-run-tests';
import { CaseEditor } from './CaseEditor';
import type { CaseEditorValue } from './CaseEditor';
import { CaseList } from './CaseList';
import type { CaseView } from './CaseList';
import { RunHistory } from './RunHistory';
import { RunPanel } from './RunPanel';
import type { VersionOption } from './RunPanel';

export interface AppTestsViewProps {
  /** The app's input fields now. */
  fields: readonly InputField[];
  cases: readonly CaseView[];
  versions: readonly VersionOption[];
  runs: readonly AppTestRunRow[];
  userId: string | null;
  runState: TestRunState;
  onRun: (versionId: string) => void;
  /** Rejects with the reason (the engine's words) when the case is refused. */
  onSaveCase: (value: CaseEditorValue, caseId: string | undefined) => Promise<void>;
  onDeleteCase: (row: AppTestCaseRow) => Promise<void>;
  renderRunDetails: (testRunId: string) => ReactNode;
  /** Opens the editor at once (stories). */
  initialEditor?: 'new' | null;
}

/** The Tests screen of one app: run the cases, keep them, and look back at earlier runs. */
export function AppTestsView(props: AppTestsViewProps) {
  const { fields, cases, versions, runs, userId, runState, onRun, onSaveCase, onDeleteCase, renderRunDetails, initialEditor = null } = props;
  const [editor, setEditor] = useState<'new' | AppTestCaseRow | null>(initialEditor);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [openRunId, setOpenRunId] = useState<string | null>(null);

  const open = (next: 'new' | AppTestCaseRow | null) => {
    setSaveError(null);
    setEditor(next);
  };

  const save = async (value: CaseEditorValue) => {
    setSaving(true);
    setSaveError(null);
    try {
      await onSaveCase(value, editor !== null && editor !== 'new' ? editor.id : undefined);
      setEditor(null);
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const editorView =
    editor === null ? null : (
      <CaseEditor
        key={editor === 'new' ? 'new' : editor.id}
        fields={fields}
        editing={editor === 'new' ? undefined : editor}
        saving={saving}
        error={saveError}
        onSave={(value) => void save(value)}
        onCancel={() => open(null)}
      />
    );

  return (
    <div className="app-tests-body">
      <RunPanel versions={versions} caseCount={cases.length} state={runState} onRun={onRun} />
      <section className="app-tests-section" aria-labelledby="app-tests-cases-title">
        <div className="app-tests-case__head">
          <h2 id="app-tests-cases-title">Test cases</h2>
          {cases.length > 0 && editor === null ? (
            <Button size="sm" onClick={() => open('new')}>
              Add a test case
            </Button>
          ) : null}
        </div>
        {editorView}
        {cases.length === 0 && editor === null ? (
          <EmptyState
            headingLevel={3}
            title="No test cases yet"
            description="A test case runs the app with inputs you choose and checks its answer, so you learn that an edit broke something before your visitors do. Add your first case here, or open a run under Runs and data and choose “Save as test”."
            action={<Button onClick={() => open('new')}>Add a test case</Button>}
          />
        ) : null}
        {cases.length > 0 ? <CaseList cases={cases} disabled={saving} onEdit={(row) => open(row)} onDelete={onDeleteCase} /> : null}
      </section>
      <RunHistory
        runs={runs}
        userId={userId}
        openId={openRunId}
        onToggle={(id) => setOpenRunId((current) => (current === id ? null : id))}
        details={openRunId === null ? null : renderRunDetails(openRunId)}
      />
    </div>
  );
}
