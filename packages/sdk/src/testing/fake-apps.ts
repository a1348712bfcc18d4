/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory apps, versions, runs and builder of the fake client. Behaviour-true where a user
// would notice: the owner-only rules, frozen versions, deploy validation (the engine's own
// validator), and runs executed by the engine with its offline model, as the backend does
// without a model configured.
import { checkAppSpec, resumeApp, runApp, systemClock } from '@appforge/engine';
import type { RunState } from '@appforge/engine';
import { OFFLINE_MODEL_LABEL, buildAppFromDescription, createOfflineModel, reviseApp } from '@appforge/engine/offline-model';
import { DEFAULT_CONFIG, DEFAULT_DESIGN, DEFAULT_PRICE, UUID_PATTERN, changeSummarySchema, invalidInput, specToWrite } from '../app-rows';
import type { AppDetail, AppVersionRow, PublicApp } from '../app-rows';
import { appPatchSchema, descriptionTextSchema } from '../apps';
import { AppforgeError } from '../errors';
import type { RunStreamEvent } from '../run-events';
import type {
  AppRunStepRow,
  AppRunSummary,
  AppsApi,
  BuilderApi,
  BuilderStreamEvent,
  RunContinueOptions,
  RunStartOptions,
  RunsApi,
  Session,
  VersionsApi,
} from '../types';

export interface FakeRun {
  run: AppRunSummary;
  steps: AppRunStepRow[];
  /** The engine's state (server-only in the real backend). */
  state: RunState | null;
}

export interface FakeDescription {
  text: string;
  claimed_by: string | null;
  app_id: string | null;
}

export interface FakeAppsData {
  session: Session | null;
  /** Every app by id, as its owner sees it. */
  apps: Record<string, AppDetail>;
  versions: Record<string, AppVersionRow>;
  runs: Record<string, FakeRun>;
  descriptions: Record<string, FakeDescription>;
  /** Icons "uploaded" (path → bytes' type). */
  icons: Record<string, string>;
  /** Class runs per app id: the owner sees only this count (issue 26). */
  classRunCounts?: Record<string, number>;
}

const FAKE_STORAGE_URL = 'https://fake.appforge.test/storage/v1/object/public/app-icons/';

function err(code: string, message: string, status: number, details?: unknown): AppforgeError {
  return new AppforgeError({ code, message, status, ...(details === undefined ? {} : { details }) });
}

const appNotFound = (): AppforgeError => err('not_found', 'This app was not found.', 404);
const versionNotFound = (): AppforgeError => err('not_found', 'This version was not found.', 404);

function requireId(value: string, what: string): string {
  if (!UUID_PATTERN.test(value)) throw invalidInput(`${what} is not a valid id.`);
  return value;
}

export function createFakeApps(data: FakeAppsData): {
  apps: Omit<AppsApi, 'getName' | 'getSignInIcon' | 'linkDatabase'>;
  versions: VersionsApi;
  runs: RunsApi;
  builder: BuilderApi;
} {
  const now = (): string => new Date().toISOString();
  const userId = (): string | null => data.session?.user.id ?? null;
  function requireUser(): string {
    const id = userId();
    if (id === null) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  }
  function ownApp(appId: string): AppDetail {
    const app = UUID_PATTERN.test(appId) ? data.apps[appId] : undefined;
    if (!app || app.owner_id !== userId()) throw appNotFound();
    return app;
  }
  /**
   * As public.app_runs_last_7_days counts: runs created on today's UTC day and the six before (the
   * fake keeps every run, so its roll-up is always current).
   */
  function runsLastWeek(appId: string): number {
    const today = new Date();
    const since = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 6);
    return Object.values(data.runs).filter((run) => run.run.app_id === appId && Date.parse(run.run.created_at) >= since).length;
  }
  function withCounts(app: AppDetail): AppDetail {
    return { ...app, runs_last_7_days: runsLastWeek(app.id) };
  }
  /** The versions the caller may read: all of their own apps', and deployed ones of readable apps. */
  function readableVersion(versionId: string): AppVersionRow | undefined {
    const version = UUID_PATTERN.test(versionId) ? data.versions[versionId] : undefined;
    if (!version) return undefined;
    const app = data.apps[version.app_id];
    if (!app) return undefined;
    if (app.owner_id === userId()) return version;
    return app.deployed_version_id === version.id && visibleToVisitor(app) ? version : undefined;
  }
  function visibleToVisitor(app: AppDetail): boolean {
    if (app.deployed_version_id === null) return false;
    if (app.visibility === 'public' || app.visibility === 'unlisted') return true;
    return app.visibility === 'signed_in' && userId() !== null;
  }
  function iconUrl(path: string | null): string | null {
    return path === null || path === '' ? null : `${FAKE_STORAGE_URL}${path}`;
  }
  function addVersion(fields: Omit<AppVersionRow, 'id' | 'number' | 'frozen' | 'created_at' | 'updated_at'>): AppVersionRow {
    const number = Object.values(data.versions).filter((version) => version.app_id === fields.app_id).length + 1;
    const version: AppVersionRow = { ...fields, id: crypto.randomUUID(), number, frozen: false, created_at: now(), updated_at: now() };
    data.versions[version.id] = version;
    return version;
  }
  function newApp(ownerId: string, name: string, description: string | null): AppDetail {
    const app: AppDetail = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      name,
      description,
      icon_path: null,
      icon_url: null,
      visibility: 'public',
      draft_version_id: null,
      deployed_version_id: null,
      design: { ...DEFAULT_DESIGN },
      config: { ...DEFAULT_CONFIG },
      price: { ...DEFAULT_PRICE },
      api_access_enabled: false,
      database_id: null,
      anonymous_runs_per_day: 50,
      embed_enabled: false,
      embed_origins: [],
      created_at: now(),
      updated_at: now(),
      runs_last_7_days: 0,
    };
    data.apps[app.id] = app;
    return app;
  }
  function copyAsDraft(appId: string, versionId: string): AppVersionRow {
    requireId(appId, 'The app');
    requireId(versionId, 'The version');
    const app = ownApp(appId);
    const source = data.versions[versionId];
    if (!source || source.app_id !== app.id) throw versionNotFound();
    const draft = addVersion({
      app_id: app.id,
      parent_version_id: source.id,
      source: 'manual',
      change_summary: `Copied from version ${source.number}`,
      spec: structuredClone(source.spec),
    });
    data.apps[app.id] = { ...app, draft_version_id: draft.id, updated_at: now() };
    return draft;
  }

  const apps: Omit<AppsApi, 'getName' | 'getSignInIcon' | 'linkDatabase'> = {
    async listMine(params = {}) {
      const ownerId = requireUser();
      const needle = params.search?.trim().toLocaleLowerCase() ?? '';
      const sort = params.sort ?? 'updated';
      return Object.values(data.apps)
        .filter((app) => app.owner_id === ownerId)
        .filter((app) => needle === '' || `${app.name}\n${app.description ?? ''}`.toLocaleLowerCase().includes(needle))
        .sort((a, b) =>
          sort === 'name' ? a.name.localeCompare(b.name) : sort === 'created' ? b.created_at.localeCompare(a.created_at) : b.updated_at.localeCompare(a.updated_at),
        )
        .map((app) => {
          const { owner_id: _owner, design: _design, config: _config, price: _price, api_access_enabled: _api, database_id: _db, anonymous_runs_per_day: _anonymous, embed_enabled: _embed, embed_origins: _origins, ...summary } = withCounts(app);
          return summary;
        });
    },
    async get(appId) {
      requireUser();
      return withCounts(ownApp(appId));
    },
    async getPublic(appId) {
      const app = UUID_PATTERN.test(appId) ? data.apps[appId] : undefined;
      if (!app || (app.owner_id !== userId() && !visibleToVisitor(app))) throw appNotFound();
      const version = app.deployed_version_id === null ? undefined : data.versions[app.deployed_version_id];
      const result: PublicApp = {
        id: app.id,
        name: app.name,
        description: app.description,
        icon_url: iconUrl(app.icon_path),
        visibility: app.visibility,
        design: app.design,
        price: app.price,
        deployed_version_id: app.deployed_version_id,
        deployed: version ? { id: version.id, number: version.number, spec: version.spec } : null,
      };
      return result;
    },
    async update(appId, patch) {
      requireId(appId, 'The app');
      const parsed = appPatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'The change is not valid.');
      requireUser();
      const app = ownApp(appId);
      const { draft_version_id: draft, ...rest } = parsed.data;
      if (draft !== undefined && data.versions[draft]?.app_id !== app.id) {
        throw err('constraint_violation', 'The draft must be a version of this app.', 400);
      }
      const updated: AppDetail = {
        ...app,
        ...(rest.name === undefined ? {} : { name: rest.name }),
        ...(rest.description === undefined ? {} : { description: rest.description }),
        ...(rest.visibility === undefined ? {} : { visibility: rest.visibility }),
        ...(rest.design === undefined ? {} : { design: rest.design }),
        ...(rest.config === undefined ? {} : { config: rest.config }),
        ...(rest.price === undefined ? {} : { price: rest.price }),
        ...(rest.anonymous_runs_per_day === undefined ? {} : { anonymous_runs_per_day: rest.anonymous_runs_per_day }),
        ...(rest.embed_enabled === undefined ? {} : { embed_enabled: rest.embed_enabled }),
        ...(rest.embed_origins === undefined ? {} : { embed_origins: rest.embed_origins }),
        ...(rest.icon_path === undefined ? {} : { icon_path: rest.icon_path, icon_url: iconUrl(rest.icon_path) }),
        ...(draft === undefined ? {} : { draft_version_id: draft }),
        updated_at: now(),
      };
      data.apps[app.id] = updated;
      return withCounts(updated);
    },
    async remove(appId) {
      requireId(appId, 'The app');
      requireUser();
      const app = ownApp(appId);
      Reflect.deleteProperty(data.apps, app.id);
      for (const version of Object.values(data.versions)) if (version.app_id === app.id) Reflect.deleteProperty(data.versions, version.id);
      for (const run of Object.values(data.runs)) if (run.run.app_id === app.id) Reflect.deleteProperty(data.runs, run.run.id);
    },
    async uploadIcon(appId, file) {
      requireId(appId, 'The app');
      const extension = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }[file.type];
      if (extension === undefined) throw invalidInput('An icon is a PNG, JPEG or WebP image.');
      if (file.size === 0 || file.size > 1024 * 1024) throw invalidInput('An icon is at most 1 MB.');
      const ownerId = requireUser();
      const app = ownApp(appId);
      const path = `${ownerId}/${app.id}/${crypto.randomUUID()}.${extension}`;
      data.icons[path] = file.type;
      data.apps[app.id] = { ...app, icon_path: path, icon_url: iconUrl(path), updated_at: now() };
      return { icon_path: path, icon_url: `${FAKE_STORAGE_URL}${path}` };
    },
    iconUrl,
    async createDescription(text) {
      const parsed = descriptionTextSchema.safeParse(text);
      if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Describe the app you want.');
      const id = crypto.randomUUID();
      data.descriptions[id] = { text: parsed.data, claimed_by: null, app_id: null };
      return { id };
    },
    async createFromDescription(input) {
      let text: string;
      let descriptionId: string | undefined;
      if ('appDescriptionId' in input) {
        descriptionId = requireId(input.appDescriptionId, 'The app description');
      }
      const ownerId = requireUser();
      if (descriptionId !== undefined) {
        const description = data.descriptions[descriptionId];
        if (!description) throw err('description_not_found', 'There is no such app description', 404);
        if (description.claimed_by !== null && description.claimed_by !== ownerId) {
          throw err('description_claimed', 'This app description belongs to someone else', 409);
        }
        const made = description.app_id === null ? undefined : data.apps[description.app_id];
        if (made) return { app_id: made.id, version_id: made.draft_version_id, offline: true, model_label: OFFLINE_MODEL_LABEL };
        description.claimed_by = ownerId;
        text = description.text;
      } else {
        const parsed = descriptionTextSchema.safeParse('description' in input ? input.description : '');
        if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message ?? 'Describe the app you want.');
        text = parsed.data;
      }
      const built = buildAppFromDescription(text);
      const app = newApp(ownerId, built.name.slice(0, 120), built.description);
      const version = addVersion({
        app_id: app.id,
        parent_version_id: null,
        source: 'template',
        change_summary: built.changeSummary.slice(0, 2000),
        spec: built.spec,
      });
      data.apps[app.id] = { ...app, draft_version_id: version.id };
      if (descriptionId !== undefined) {
        const description = data.descriptions[descriptionId];
        if (description) description.app_id = app.id;
      }
      return { app_id: app.id, version_id: version.id, offline: true, model_label: OFFLINE_MODEL_LABEL };
    },
    async deploy(appId, versionId) {
      requireId(appId, 'The app');
      requireId(versionId, 'The version');
      const ownerId = requireUser();
      const app = data.apps[appId];
      if (!app) throw err('app_not_found', 'There is no such app', 404);
      if (app.owner_id !== ownerId) throw err('not_owner', 'Only the app’s owner can deploy it', 403);
      const version = data.versions[versionId];
      if (!version || version.app_id !== app.id) throw err('version_not_found', 'This app has no such version', 404);
      const checked = checkAppSpec(version.spec);
      if (!checked.spec) {
        const problems = checked.problems
          .filter((problem) => problem.severity === 'error')
          .map((problem) => ({ stepId: problem.stepId ?? null, field: problem.field, code: problem.code, message: problem.message }));
        throw err(
          'invalid_version',
          `Version ${version.number} cannot be deployed: ${problems.map((problem) => problem.message).join(' ')}`,
          422,
          { problems },
        );
      }
      data.versions[version.id] = { ...version, frozen: true, updated_at: now() };
      data.apps[app.id] = { ...app, deployed_version_id: version.id, updated_at: now() };
      return { deployed_version_id: version.id, number: version.number, test_run: null, warnings: [], overridden: false };
    },
  };

  const versions: VersionsApi = {
    async list(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound();
      return Object.values(data.versions)
        .filter((version) => version.app_id === appId && readableVersion(version.id) !== undefined)
        .sort((a, b) => b.number - a.number);
    },
    async get(versionId) {
      const version = readableVersion(versionId);
      if (!version) throw versionNotFound();
      return version;
    },
    async createDraft({ appId, spec, parentVersionId, changeSummary }) {
      requireId(appId, 'The app');
      const written = specToWrite(spec);
      if (changeSummary !== undefined && !changeSummarySchema.safeParse(changeSummary).success) {
        throw invalidInput('A change summary has at most 2000 characters.');
      }
      if (parentVersionId !== undefined) requireId(parentVersionId, 'The parent version');
      requireUser();
      const app = data.apps[appId];
      if (!app || app.owner_id !== userId()) throw err('permission_denied', 'new row violates row-level security policy', 403);
      if (parentVersionId !== undefined && data.versions[parentVersionId]?.app_id !== app.id) {
        throw err('constraint_violation', 'The parent must be another version of the same app.', 400);
      }
      return addVersion({
        app_id: app.id,
        parent_version_id: parentVersionId ?? null,
        source: 'manual',
        change_summary: changeSummary ?? null,
        spec: written,
      });
    },
    async updateSpec(versionId, spec, options = {}) {
      requireId(versionId, 'The version');
      const written = specToWrite(spec);
      if (options.changeSummary !== undefined && !changeSummarySchema.safeParse(options.changeSummary).success) {
        throw invalidInput('A change summary has at most 2000 characters.');
      }
      const version = data.versions[versionId];
      const app = version ? data.apps[version.app_id] : undefined;
      if (!version || !app || app.owner_id !== userId()) throw versionNotFound();
      if (version.frozen) {
        throw err('version_frozen', `Version ${version.number} is deployed and cannot be edited; change version creates a new draft.`, 409);
      }
      const updated: AppVersionRow = {
        ...version,
        spec: written,
        ...(options.changeSummary === undefined ? {} : { change_summary: options.changeSummary }),
        updated_at: now(),
      };
      data.versions[version.id] = updated;
      return updated;
    },
    async changeVersion(appId, versionId) {
      return copyAsDraft(appId, versionId);
    },
    async restore(appId, versionId) {
      return copyAsDraft(appId, versionId);
    },
    async openDraft(appId) {
      if (!UUID_PATTERN.test(appId)) throw appNotFound();
      const app = data.apps[appId];
      if (!app || app.owner_id !== userId()) throw appNotFound();
      const draft = app.draft_version_id === null ? undefined : data.versions[app.draft_version_id];
      if (draft && !draft.frozen) return draft;
      const sourceId = app.deployed_version_id ?? app.draft_version_id;
      if (sourceId === null) throw err('conflict', 'This app has no steps to edit yet.', 409);
      return copyAsDraft(appId, sourceId);
    },
  };

  function runSummary(run: FakeRun): AppRunSummary {
    return { ...run.run };
  }

  /** The run-app function's rules and stream, with the engine and its offline model. */
  async function* runStream(options: RunStartOptions | RunContinueOptions, runId: string | undefined): AsyncGenerator<RunStreamEvent> {
    const app = UUID_PATTERN.test(options.appId) ? data.apps[options.appId] : undefined;
    const caller = userId();
    const isOwner = app !== undefined && app.owner_id === caller;
    if (!app || (!isOwner && app.deployed_version_id === null)) throw err('app_not_found', 'There is no such app', 404);
    if (!isOwner && app.visibility === 'signed_in' && caller === null) throw err('sign_in_required', `Sign in to use ${app.name}`, 401);
    if (!isOwner && app.visibility === 'allowed_users') {
      throw err('not_allowed', `${app.name} is open only to the people its owner chose`, 403);
    }
    let existing: FakeRun | undefined;
    if (runId !== undefined) {
      existing = data.runs[runId];
      if (!existing || existing.run.app_id !== app.id) throw err('run_not_found', 'There is no such run of this app', 404);
      const mine =
        existing.run.runner_user_id !== null
          ? existing.run.runner_user_id === caller
          : existing.run.visitor_session !== null && existing.run.visitor_session === options.visitorSession && caller === null;
      if (!mine) throw err('not_your_run', 'This run belongs to someone else', 403);
    }
    const versionId = existing ? existing.run.version_id : ('versionId' in options && options.versionId) || app.deployed_version_id;
    if (versionId === null || versionId === undefined) throw err('not_deployed', `${app.name} has no deployed version`, 404);
    if (versionId !== app.deployed_version_id && !isOwner) {
      throw err('draft_owner_only', 'Only the app’s owner can preview a version that is not deployed', 403);
    }
    const version = data.versions[versionId];
    if (!version || version.app_id !== app.id) throw err('version_not_found', 'This app has no such version', 404);

    const started = now();
    const run: FakeRun = existing ?? {
      run: {
        id: crypto.randomUUID(),
        app_id: app.id,
        version_id: version.id,
        version_number: version.number,
        runner_user_id: caller,
        visitor_session: caller === null ? (options.visitorSession ?? null) : null,
        status: 'running',
        inputs: {},
        outputs: null,
        error: null,
        usage: { inputTokens: 0, outputTokens: 0 },
        created_at: started,
        updated_at: started,
        duration_ms: null,
      },
      steps: [],
      state: null,
    };
    data.runs[run.run.id] = run;
    const model = createOfflineModel();
    yield { type: 'run', run_id: run.run.id, offline: true, model_label: model.label };
    const previous = run.state;
    if (previous && (previous.status === 'done' || previous.status === 'failed')) {
      yield previous.status === 'done'
        ? { type: 'run_done', outputs: previous.outputs, variables: previous.variables, usage: previous.usage }
        : { type: 'run_failed', code: previous.error?.code ?? 'invalid_state', message: previous.error?.message ?? 'The run failed' };
      return;
    }
    const persist = (state: RunState): void => {
      for (const step of state.steps.slice(run.steps.length)) {
        const kind = version.spec.steps.find((candidate) => candidate.id === step.stepId)?.kind ?? null;
        run.steps.push({
          step_id: step.stepId,
          kind,
          status: step.status,
          started_at: new Date(step.startedAt).toISOString(),
          finished_at: new Date(step.finishedAt).toISOString(),
          duration_ms: Math.max(0, Math.round(step.durationMs)),
          output: step.variable !== undefined ? (state.variables[step.variable] ?? null) : null,
          usage: step.usage ?? null,
        });
      }
      run.state = state;
      run.run = {
        ...run.run,
        status: state.status,
        outputs: state.outputs,
        usage: state.usage,
        error: state.error,
        inputs: options.inputs === undefined ? run.run.inputs : { ...run.run.inputs, ...options.inputs },
        updated_at: now(),
        duration_ms: state.finishedAt === null ? null : Math.max(0, state.finishedAt - Date.parse(run.run.created_at)),
      };
    };
    const engineOptions = {
      model,
      clock: systemClock,
      persist,
      runId: run.run.id,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.inputs === undefined ? {} : { inputs: options.inputs }),
    };
    const choice = 'choice' in options ? options.choice : undefined;
    const stream = previous
      ? resumeApp(version.spec, previous, { ...engineOptions, ...(choice === undefined ? {} : { choice }) })
      : runApp(version.spec, engineOptions);
    for await (const event of stream) {
      if (options.signal?.aborted) return;
      yield event;
      if (event.type === 'run_done' || event.type === 'run_failed' || event.type === 'awaiting_input' || event.type === 'choice_needed') return;
    }
  }

  const runs: RunsApi = {
    start(options) {
      requireId(options.appId, 'The app');
      if (options.versionId !== undefined) requireId(options.versionId, 'The version');
      return runStream(options, undefined);
    },
    continue(options) {
      requireId(options.appId, 'The app');
      requireId(options.runId, 'The run');
      return runStream(options, options.runId);
    },
    async list(appId, params = {}) {
      requireId(appId, 'The app');
      const caller = userId();
      const app = data.apps[appId];
      const rows = Object.values(data.runs)
        .filter((run) => run.run.app_id === appId && (app?.owner_id === caller || run.run.runner_user_id === caller))
        .filter((run) => params.status === undefined || run.run.status === params.status)
        .filter((run) => params.from === undefined || run.run.created_at >= params.from)
        .filter((run) => params.to === undefined || run.run.created_at <= params.to)
        .sort((a, b) => b.run.created_at.localeCompare(a.run.created_at))
        .map(runSummary);
      const offset = params.offset ?? 0;
      return { rows: rows.slice(offset, offset + (params.limit ?? 50)), total: rows.length };
    },
    async get(runId) {
      const run = UUID_PATTERN.test(runId) ? data.runs[runId] : undefined;
      const caller = userId();
      if (!run || (data.apps[run.run.app_id]?.owner_id !== caller && run.run.runner_user_id !== caller) || caller === null) {
        throw err('not_found', 'This run was not found.', 404);
      }
      return { run: runSummary(run), steps: run.steps.map((step) => ({ ...step })) };
    },
    async classRunCount(appId) {
      requireId(appId, 'The app');
      const caller = requireUser();
      return data.apps[appId]?.owner_id === caller ? (data.classRunCounts?.[appId] ?? 0) : 0;
    },
    async recent(limit = 10) {
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidInput('Ask for 1 to 100 runs.');
      const ownerId = requireUser();
      return Object.values(data.runs)
        .filter((run) => data.apps[run.run.app_id]?.owner_id === ownerId)
        .sort((a, b) => b.run.created_at.localeCompare(a.run.created_at))
        .slice(0, limit)
        .map((run) => ({ ...runSummary(run), app_name: data.apps[run.run.app_id]?.name ?? '' }));
    },
  };

  async function* builderStream(appId: string, versionId: string, message: string): AsyncGenerator<BuilderStreamEvent> {
    const ownerId = requireUser();
    const app = data.apps[appId];
    if (!app) throw err('app_not_found', 'There is no such app', 404);
    if (app.owner_id !== ownerId) throw err('not_owner', 'Only the app’s owner can change it', 403);
    const base = data.versions[versionId];
    if (!base || base.app_id !== app.id) throw err('version_not_found', 'This app has no such version', 404);
    yield { type: 'progress', stage: 'thinking', message: 'The offline model is reading your message' };
    const revised = reviseApp(base.spec, message);
    if (!revised.changed) {
      yield { type: 'error', code: 'no_change', message: revised.changeSummary };
      return;
    }
    yield { type: 'progress', stage: 'validating', message: 'Checking the new version' };
    const checked = checkAppSpec(revised.spec);
    if (!checked.spec) {
      yield { type: 'error', code: 'invalid_version', message: 'The change would break the app.' };
      return;
    }
    yield { type: 'progress', stage: 'saving', message: 'Saving the new version' };
    const summary = revised.changeSummary.slice(0, 2000);
    const version = addVersion({ app_id: app.id, parent_version_id: base.id, source: 'ai', change_summary: summary, spec: checked.spec });
    data.apps[app.id] = {
      ...app,
      draft_version_id: version.id,
      ...(revised.name !== undefined ? { name: revised.name.slice(0, 120) } : {}),
      updated_at: now(),
    };
    yield { type: 'version', version_id: version.id, number: version.number, change_summary: summary };
  }

  const builder: BuilderApi = {
    generateVersion(options) {
      requireId(options.appId, 'The app');
      requireId(options.versionId, 'The version');
      const parsed = changeMessage(options.message);
      return builderStream(options.appId, options.versionId, parsed);
    },
  };

  return { apps, versions, runs, builder };
}

function changeMessage(message: string): string {
  const trimmed = message.trim();
  if (trimmed === '') throw invalidInput('Say what to change.');
  if (trimmed.length > 4000) throw invalidInput('A message has at most 4000 characters.');
  return trimmed;
}
