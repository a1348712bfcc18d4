import { messageOf } from '@appforge/sdk';
import { Button, Card, ConfirmDialog, Form, FormField, SubmitButton, Switch, useFormLeaveCheck } from '@appforge/ui';
import type { FormLeaveCheck } from '@appforge/ui';
import { UnsavedChangesGuard } from '@appforge/ui/router';
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { z } from 'zod';
import { dailyRunsSchema } from '../lib/schemas';
import type { ClassChecks, ClassSettingsInput, TeacherClass } from '../lib/types';

export interface ClassSettingsPanelProps {
  cls: TeacherClass;
  onSave: (settings: ClassSettingsInput) => Promise<unknown>;
  /** The class's runs as CSV. */
  onExport: () => Promise<Blob>;
  /** Deletes the class with its members, assignments, runs and alerts. */
  onDelete: () => Promise<unknown>;
  /**
   * Filled with the settings form's leave check while the form shows, so the class view can ask
   * before a tab switch drops a changed setting (tabs are not routes: the router guard misses them).
   */
  leaveCheckRef?: RefObject<FormLeaveCheck | null>;
}

/** Hands the surrounding form's leave check to whoever holds `into`, while the form shows. */
function ShareLeaveCheck({ into }: { into: RefObject<FormLeaveCheck | null> | undefined }) {
  const check = useFormLeaveCheck();
  useEffect(() => {
    if (into === undefined) return undefined;
    into.current = check;
    return () => {
      into.current = null;
    };
  }, [into, check]);
  return null;
}

const CHECKS: readonly { key: keyof ClassChecks; label: string; hint: string }[] = [
  { key: 'profanity', label: 'Profanity', hint: 'Swear words and slurs.' },
  { key: 'self_harm', label: 'Self-harm', hint: 'Talk of hurting oneself.' },
  { key: 'violence', label: 'Violence', hint: 'Threats and violent content.' },
  { key: 'personal_data', label: 'Personal data', hint: 'Phone numbers, addresses, e-mail addresses.' },
  { key: 'moderation_api', label: 'Moderation service', hint: 'A second opinion from the moderation service, when the platform has one.' },
];

const settingsSchema = z.object({
  runsPerDay: dailyRunsSchema,
  checks: z.object({
    profanity: z.boolean(),
    self_harm: z.boolean(),
    violence: z.boolean(),
    personal_data: z.boolean(),
    moderation_api: z.boolean(),
  }),
  alertEmail: z.boolean(),
});

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
export function ClassSettingsPanel({ cls, onSave, onExport, onDelete, leaveCheckRef }: ClassSettingsPanelProps) {
  const [exporting, setExporting] = useState(false);
  const [exportStatus, setExportStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

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
        <Form
          className="teacher-form"
          aria-label="Limits and safety"
          schema={settingsSchema}
          defaultValues={{ runsPerDay: String(cls.runs_per_student_per_day), checks: cls.checks, alertEmail: cls.alert_email }}
          onSubmit={({ runsPerDay, checks, alertEmail }) => onSave({ runs_per_student_per_day: runsPerDay, checks, alert_email: alertEmail })}
          messageOf={messageOf}
          successMessage="Settings saved."
        >
          {(form) => {
            const checks = form.watch('checks');
            return (
              <>
                <UnsavedChangesGuard />
                <ShareLeaveCheck into={leaveCheckRef} />
                <FormField
                  name="runsPerDay"
                  type="number"
                  inputMode="numeric"
                  label="Runs per student per day"
                  min={1}
                  max={10000}
                  hint="A student who reaches it can run the class's apps again tomorrow."
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
                      onCheckedChange={(on) => form.setValue(`checks.${check.key}`, on, { shouldDirty: true })}
                    />
                  ))}
                </fieldset>
                <Switch
                  label="E-mail me when an alert is raised"
                  hint="Sent to your account's e-mail address."
                  checked={form.watch('alertEmail')}
                  onCheckedChange={(on) => form.setValue('alertEmail', on, { shouldDirty: true })}
                />
                <div className="teacher-actions">
                  <SubmitButton>Save settings</SubmitButton>
                </div>
              </>
            );
          }}
        </Form>
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
