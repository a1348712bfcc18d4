// The alerts, on the real backend: a student runs an assigned app for the class through run-app
// (the real content checks, the offline model), and what the class's checks flag becomes an
// alert the teacher sees at once in Live and then in Alerts, and can acknowledge; what a check the
// teacher switched off would flag, and a clean question, raise nothing (PRODUCT.md, class runs).
import { setupAppforgeBackend } from '@appforge/test-backend';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classWithStudent, deployedApp, renderTeacher, runForClass } from '../../test/render';

const backend = setupAppforgeBackend();

/** A class with one student and an app assigned, as the teacher assigns it. */
async function classWithAssignedApp() {
  const made = await classWithStudent(backend(), 'Sam');
  const appId = await deployedApp(backend(), made.owner.id, 'Cell quiz');
  await made.owner.client.classes.createAssignment({ class_id: made.klass.id, app_id: appId });
  return { ...made, appId };
}

const PHONE = 'my number is 555-123-4567, call me about cells';

describe('AlertsPanel', () => {
  it('shows the alert a flagged student input raises at once in Live, then in Alerts, and acknowledging it sticks', async () => {
    const user = userEvent.setup();
    const { owner, student, klass, appId } = await classWithAssignedApp();
    const first = renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(await screen.findByRole('heading', { name: 'Nobody is running an app right now' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toBeInTheDocument();

    const events = await runForClass(student, appId, klass.id, PHONE);
    expect(events.at(-1)).toMatchObject({ type: 'run_done' });

    // Heard live: a banner in Live, with the words that raised it.
    const banner = await screen.findByText(/New safety alert/);
    const announced = banner.closest('[role="alert"]');
    expect(announced).toHaveTextContent('Personal data in Sam’s input');
    expect(announced).toHaveTextContent(PHONE);
    await user.click(within(announced as HTMLElement).getByRole('button', { name: 'Review alerts' }));

    const item = await screen.findByRole('listitem', { name: 'Personal data: Sam' });
    expect(screen.getByRole('heading', { name: /Safety alerts \(1 new\)/ })).toBeInTheDocument();
    expect(item).toHaveTextContent('In Sam’s input:');
    expect(item).toHaveTextContent(PHONE);
    expect(within(item).getByText('New')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Acknowledge alert about Sam' }));
    expect(await within(item).findByText('Acknowledged')).toBeInTheDocument();

    first.unmount();
    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Alerts' }));
    const reloaded = await screen.findByRole('listitem', { name: 'Personal data: Sam' });
    expect(within(reloaded).getByText('Acknowledged')).toBeInTheDocument();
    expect(within(reloaded).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Safety alerts' })).toBeInTheDocument();
  });

  it('raises nothing for what a check the teacher switched off would flag, nor for a clean question', async () => {
    const user = userEvent.setup();
    const { owner, student, klass, appId } = await classWithAssignedApp();
    await owner.client.classes.update(klass.id, { checks: { personal_data: false } });

    expect((await runForClass(student, appId, klass.id, PHONE)).at(-1)).toMatchObject({ type: 'run_done' });
    expect((await runForClass(student, appId, klass.id, 'how do plant cells divide')).at(-1)).toMatchObject({ type: 'run_done' });

    renderTeacher(owner.client, `/teacher-portal/class/${klass.id}`);
    // Both runs reached the class (the teacher reads them), and no alert came of them.
    await user.click(await screen.findByRole('tab', { name: 'Live' }));
    const runs = await screen.findAllByRole('article', { name: 'Sam: Cell quiz' });
    expect(runs).toHaveLength(2);
    const shown = runs.map((run) => run.textContent).join('\n');
    expect(shown).toContain('topic: how do plant cells divide');
    expect(shown).toContain(`topic: ${PHONE}`);
    await user.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(await screen.findByRole('heading', { name: 'No safety alerts' })).toBeInTheDocument();
    expect(await owner.client.classes.alerts(klass.id)).toEqual([]);
  });
});
