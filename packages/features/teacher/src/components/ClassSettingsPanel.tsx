import { messageOf } from '@appforge/sdk';
import { Button, Card, ConfirmDialog, Switch, TextField } from '@appforge/ui';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { dailyRunsSchema } from '../lib/schemas';
import type { ClassChecks, ClassSettingsInput, TeacherClass } from '../lib/types';

export interface ClassSettingsPanelProps {
  cls: TeacherClass;
  onSave: (settings: ClassSettingsInput) => Promise<unknown>;
  /** The class's runs as CSV. */
  onExport: () => Promise<Blob>;
  /** Deletes the class with its members, assignments, runs and alerts. */
  onDelete: () => Promise<unknown>;
}

const CHECKS: readonly { key: keyof ClassChecks; label: string; hint: string }[] = [
  { key: 'profanity', label: 'Profanity', hint: 'Swear words and slurs.' },
  { key: 'self_harm', label: 'Self-harm', hint: 'Talk of hurting oneself.' },
  { key: 'violence', label: 'Violence', hint: 'Threats and violent content.' },
  { key: 'personal_data', label: 'Personal data', hint: 'Phone numbers, addresses, e-mail addresses.' },
  { key: 'moderation_api', label: 'Moderation service', hint: 'A second opinion from the moderation service, when the platform has one.' },
];

/** A file name for the export: the class's name in safe characters and today's date. */
export function exportFileName(className: string, now = new Date()): string {
  const base = className.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'class';
  return `${base}-runs-${now.toISOString().slice(0, 10)}.csv`;
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Limits, content checks, e-mail alerts; and the class's data: export it, or delete it all. */
export function ClassSettingsPanel({ cls, onSave, onExport, onDelete }: ClassSettingsPanelProps) {
  const [checks, setChecks] = useState<ClassChecks>(cls.checks);
  const [alertEmail, setAlertEmail] = useState(cls.alert_email);
  const [runsError, setRunsError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportStatus, setExportStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const runs = dailyRunsSchema.safeParse(new FormData(event.currentTarget).get('runsPerDay'));
    if (!runs.success) {
      setRunsError(runs.error.issues[0]?.message ?? 'Enter a number.');
      return;
    }
    setRunsError(null);
    setSaving(true);
    setStatus(null);
    try {
      await onSave({ runs_per_student_per_day: runs.data, checks, alert_email: alertEmail });
      setStatus({ tone: 'ok', text: 'Settings saved.' });
    } catch (error) {
      setStatus({ tone: 'error', text: messageOf(error) });
    } finally {
      setSaving(false);
    }
  };

  const exportRuns = async () => {
    setExporting(true);
    setExportStatus(null);
    try {
      download(await onExport(), exportFileName(cls.name));
      setExportStatus({ tone: 'ok', text: 'The CSV file is downloading.' });
    } catch (error) {
      setExportStatus({ tone: 'error', text: messageOf(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="teacher-stack">
      <Card title="Limits and safety" headingLevel={2}>
        <form className="teacher-form" onSubmit={(event) => void save(event)} noValidate aria-label="Limits and safety">
          <TextField
            type="number"
            inputMode="numeric"
            label="Runs per student per day"
            name="runsPerDay"
            min={1}
            max={10000}
            defaultValue={cls.runs_per_student_per_day}
            hint="A student who reaches it can run the class's apps again tomorrow."
            error={runsError ?? undefined}
            required
          />
          <fieldset className="teacher-fieldset">
            <legend>Content checks on every student input and AI output</legend>
            {CHECKS.map((check) => (
              <Switch
                key={check.key}
                label={check.label}
                hint={check.hint}
                checked={checks[check.key]}
                onCheckedChange={(on) => setChecks((previous) => ({ ...previous, [check.key]: on }))}
              />
            ))}
          </fieldset>
          <Switch label="E-mail me when an alert is raised" hint="Sent to your account's e-mail address." checked={alertEmail} onCheckedChange={setAlertEmail} />
          <div className="teacher-actions">
            <Button type="submit" loading={saving}>
              Save settings
            </Button>
          </div>
          <p role="status" className={status?.tone === 'error' ? 'teacher-error' : 'teacher-muted'}>
            {status?.text ?? ''}
          </p>
        </form>
      </Card>

      <Card title="The class's data" headingLevel={2} description="Runs are kept while the class exists. Deleting the class deletes them, with its members, assignments and alerts.">
        <div className="teacher-stack">
          <div className="teacher-actions teacher-actions--start">
            <Button variant="secondary" loading={exporting} onClick={() => void exportRuns()}>
              Export runs (CSV)
            </Button>
          </div>
          <p role="status" className={exportStatus?.tone === 'error' ? 'teacher-error' : 'teacher-muted'}>
            {exportStatus?.text ?? ''}
          </p>
          <div className="teacher-actions teacher-actions--start">
            <ConfirmDialog
              title={`Delete “${cls.name}”?`}
              description="This deletes the class, its members, assignments, every run and every alert. It cannot be undone; export the runs first if you need them."
              confirmLabel="Delete class"
              destructive
              confirmationText={cls.name}
              confirmationLabel={`Type the class name (${cls.name}) to confirm`}
              onConfirm={async () => {
                await onDelete();
              }}
              trigger={<Button variant="danger">Delete class</Button>}
            />
          </div>
        </div>
      </Card>
    </div>
  );
}
