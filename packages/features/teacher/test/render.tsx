// The teacher feature's pages on the real backend (@appforge/test-backend), rendered the way the
// shell renders them; teachers, classes and students made the way the product makes them: an
// operator lists a teacher's e-mail (SchoolTeacher), the teacher creates the class through the
// SDK, a student joins with the code through join-class.
import type { AppforgeClient, RunStreamEvent } from '@appforge/sdk';
import { renderWithAppforge, standIn } from '@appforge/test-backend';
import type { AppforgeTestBackend, ClientOptions, TestUser } from '@appforge/test-backend';
import { routes } from '../src/index';

const pages = [
  ...routes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })),
  standIn('/deployed-app/:appId', 'Deployed app'),
];

export function renderTeacher(client: AppforgeClient, path: string) {
  return renderWithAppforge({ client, routes: pages, path });
}

/** A user an operator listed as a teacher (a SchoolTeacher row by e-mail), signed in. */
export async function teacher(backend: AppforgeTestBackend, label = 'teacher', options: ClientOptions = {}): Promise<TestUser> {
  const user = await backend.signedInUser(label, options);
  const listed = await backend.admin.from('SchoolTeacher').insert({ email: user.email.toLowerCase() });
  if (listed.error) throw new Error(listed.error.message);
  return user;
}

/** A teacher's class with one student, who joined with the code as join-class joins them. */
export async function classWithStudent(backend: AppforgeTestBackend, name = 'Sam', className = 'Biology 7B', ownerOptions: ClientOptions = {}) {
  const owner = await teacher(backend, 'teacher', ownerOptions);
  const klass = await owner.client.classes.create({ name: className });
  const student = await backend.signedInUser('student');
  await student.client.classes.join({ code: klass.join_code, displayName: name });
  const [member] = await owner.client.classes.members(klass.id);
  if (!member) throw new Error('the student should be on the roster');
  return { owner, klass, student, member };
}

/** An app of the owner's, deployed from a spec that asks a topic and answers it with the model. */
export async function deployedApp(backend: AppforgeTestBackend, ownerId: string, name: string): Promise<string> {
  const app = await backend.admin.from('App').insert({ owner_id: ownerId, name }).select('id').single();
  if (app.error) throw new Error(app.error.message);
  const spec = {
    entryStepId: 'ask',
    steps: [
      { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{topic}} simply.', outputVariable: 'text', outputFormat: 'text' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '# Answer\n\n{{text}}' } },
    ],
  };
  const version = await backend.admin.from('AppVersion').insert({ app_id: app.data.id, spec, frozen: true, created_by: ownerId }).select('id').single();
  if (version.error) throw new Error(version.error.message);
  const deployed = await backend.admin.from('App').update({ draft_version_id: version.data.id, deployed_version_id: version.data.id }).eq('id', app.data.id);
  if (deployed.error) throw new Error(deployed.error.message);
  return app.data.id;
}

/** A student's class run with its alert, stored as run-app stores both rows (service role). */
export async function flaggedRun(backend: AppforgeTestBackend, ownerId: string, classId: string, studentId: string, excerpt = 'darn cells') {
  const app = await backend.admin.from('App').insert({ owner_id: ownerId, name: 'Cell quiz' }).select('id').single();
  if (app.error) throw new Error(app.error.message);
  const run = await backend.admin
    .from('AppRun')
    .insert({ app_id: app.data.id, runner_user_id: studentId, class_id: classId, status: 'done', inputs: { topic: excerpt }, outputs: ['Cells.'] })
    .select('id')
    .single();
  if (run.error) throw new Error(run.error.message);
  const alert = await backend.admin
    .from('SafetyAlert')
    .insert({ class_id: classId, run_id: run.data.id, student_id: studentId, direction: 'input', categories: ['profanity'], excerpt, source: 'local' })
    .select('id')
    .single();
  if (alert.error) throw new Error(alert.error.message);
  return { appId: app.data.id, runId: run.data.id, alertId: alert.data.id };
}

/** A network the test can take down, as a browser tab goes offline: requests fail before they leave. */
export function switchableNetwork(): { fetch: typeof fetch; offline: boolean } {
  const network: { fetch: typeof fetch; offline: boolean } = {
    offline: false,
    fetch: (input, init) => (network.offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
  };
  return network;
}

/** The student runs the app for the class, as the app's page does (run-app), to its last event. */
export async function runForClass(student: TestUser, appId: string, classId: string, topic: string): Promise<RunStreamEvent[]> {
  const events: RunStreamEvent[] = [];
  for await (const event of student.client.runs.start({ appId, classId, inputs: { topic } })) events.push(event);
  return events;
}
