// A student's runs are theirs and their teacher's (PRODUCT.md, row-level security on AppRun): on
// the real backend, a run made for a class through run-app shows on its teacher's page, and on no
// page of another teacher, a classmate or a student of another class, nor through the REST API.
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classWithStudent, deployedApp, renderTeacher, runForClass, teacher } from '../../test/render';

const backend = setupAppforgeBackend();

const QUESTION = 'why do onion cells look like bricks';

describe('a student’s class runs', () => {
  it('show to their teacher only: not to another teacher, a classmate or a student of another class', async () => {
    const user = userEvent.setup();
    // Class A: Sam runs the assigned app; Lee is a classmate.
    const { owner, klass, student: sam } = await classWithStudent(backend(), 'Sam');
    const appId = await deployedApp(backend(), owner.id, 'Cell quiz');
    await owner.client.classes.createAssignment({ class_id: klass.id, app_id: appId });
    const lee = await backend().signedInUser('lee');
    await lee.client.classes.join({ code: klass.join_code, displayName: 'Lee' });
    const events = await runForClass(sam, appId, klass.id, QUESTION);
    expect(events.at(-1)).toMatchObject({ type: 'run_done' });
    const started = events.find((event) => event.type === 'run');
    if (started?.type !== 'run') throw new Error('run-app should name the run first');
    const runId = started.run_id;
    // Class B: another teacher's, with a student of its own.
    const other = await teacher(backend(), 'other teacher');
    const otherClass = await other.client.classes.create({ name: 'Chemistry 8A' });
    const kim = await backend().signedInUser('kim');
    await kim.client.classes.join({ code: otherClass.join_code, displayName: 'Kim' });

    // The teacher sees the run, with what Sam asked.
    const mine = renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('article', { name: 'Sam: Cell quiz' })).toHaveTextContent(QUESTION);
    mine.unmount();

    // Another teacher: their own class shows nothing of it; Sam's class is not found.
    const theirs = renderTeacher(other.client, `/teacher-portal/class/${otherClass.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('heading', { name: 'Nobody is running an app right now' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Student' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).not.toContain('Sam');
    await user.keyboard('{Escape}');
    expect(document.body).not.toHaveTextContent(QUESTION);
    theirs.unmount();
    const foreign = renderTeacher(other.client, `/teacher-portal/class/${klass.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(QUESTION);
    foreign.unmount();

    // A classmate and a student of another class: their classes, never Sam's run.
    for (const [someone, className] of [[lee, 'Biology 7B'], [kim, 'Chemistry 8A']] as const) {
      const page = renderTeacher(someone.client, '/my-classes');
      expect(await screen.findByRole('heading', { level: 2, name: className })).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent(QUESTION);
      page.unmount();
      const portal = renderTeacher(someone.client, `/teacher-portal/class/${klass.id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent(QUESTION);
      portal.unmount();
    }

    // Nor around the pages, through the REST API: row-level security answers nothing.
    for (const someone of [other, lee, kim]) {
      expect((await someone.client.supabase.from('AppRun').select('id').eq('id', runId)).data ?? []).toEqual([]);
      expect((await someone.client.supabase.from('AppRunStep').select('step_id').eq('run_id', runId)).data ?? []).toEqual([]);
      expect(await someone.client.classes.runs(klass.id)).toEqual([]);
    }
    // The positive control for the REST reads: the teacher reads the run.
    expect((await owner.client.classes.runs(klass.id)).map((run) => run.id)).toEqual([runId]);
  });
});
