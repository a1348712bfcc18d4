import type { AppTestCaseRow } from '@appforge/sdk';
import { Badge, Button, ConfirmDialog } from '@appforge/ui';
import { summarizeExpectations } from '../lib/expectations';

export interface CaseView {
  row: AppTestCaseRow;
  /** Why the case no longer fits the app's inputs (the engine's checkCaseInputs); null when it fits. */
  needsUpdate: readonly string[] | null;
}

export interface CaseListProps {
  cases: readonly CaseView[];
  disabled?: boolean;
  onEdit: (row: AppTestCaseRow) => void;
  onDelete: (row: AppTestCaseRow) => Promise<void>;
}

/** The app's test cases: name, what each checks, must pass or warn only, and which need an update. */
export function CaseList({ cases, disabled = false, onEdit, onDelete }: CaseListProps) {
  return (
    <ul className="app-tests-cases" aria-label="Test cases">
      {cases.map(({ row, needsUpdate }) => (
        <li key={row.id} className="app-tests-case" aria-label={row.name}>
          <div className="app-tests-case__head">
            <h3 className="app-tests-case__name">{row.name}</h3>
            {row.mode === 'must_pass' ? <Badge tone="brand">Must pass</Badge> : <Badge>Warn only</Badge>}
            {needsUpdate ? <Badge tone="warning">Needs update</Badge> : null}
          </div>
          <p className="app-tests-muted">{summarizeExpectations(row.expectations)}</p>
          {needsUpdate ? (
            <ul className="app-tests-reasons" aria-label={`Why “${row.name}” needs an update`}>
              {needsUpdate.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          {row.source_run_id ? <p className="app-tests-muted">Saved from a run; its output is the reference.</p> : null}
          <div className="app-tests-actions">
            <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onEdit(row)} aria-label={`Edit “${row.name}”`}>
              Edit
            </Button>
            <ConfirmDialog
              title={`Delete “${row.name}”?`}
              description="The case is removed from the app's tests. Results of earlier test runs stay in their history."
              confirmLabel="Delete test case"
              destructive
              onConfirm={() => onDelete(row)}
              trigger={
                <Button variant="ghost" size="sm" disabled={disabled} aria-label={`Delete “${row.name}”`}>
                  Delete
                </Button>
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
