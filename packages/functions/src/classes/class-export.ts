// POST /functions/v1/class-export { classId }: the class's runs as CSV (issue 19), for the class's
// teacher only: student (display name in the class), app, started, finished, status, inputs and
// outputs as JSON text. Written with papaparse's unparse (quoting, and formula-looking cells
// escaped so a spreadsheet never runs them).
import Papa from 'papaparse';
import { z } from 'zod';
import { readSmallJsonBody } from '../apps.ts';
import { errorResponse, signedInUser } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { loadClass } from './class-runs.ts';

const bodySchema = z.object({ classId: z.uuid({ message: 'classId must be a UUID' }) });

/** Runs per export page read from the database (the export holds every run of the class). */
const PAGE = 1000;

interface ExportRun {
  app_id: string;
  runner_user_id: string | null;
  started_at: string;
  finished_at: string | null;
  status: string;
  inputs: unknown;
  outputs: unknown;
}

export const classExportFunction: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  const user = signedInUser(ctx);
  if (!user) return errorResponse(401, 'not_authenticated', 'Sign in to export a class');
  const raw = await readSmallJsonBody(req);
  if (!raw.ok) return raw.response;
  const body = bodySchema.safeParse(raw.value);
  if (!body.success) return errorResponse(400, 'invalid_body', body.error.issues[0]?.message ?? 'The request is not valid');
  const klass = await loadClass(ctx.supabase, body.data.classId);
  if (!klass) return errorResponse(404, 'class_not_found', 'There is no such class');
  if (klass.teacher_id !== user.id) return errorResponse(403, 'not_your_class', 'Only the class’s teacher can export its runs');

  const [members, runs] = await Promise.all([
    ctx.supabase.from('ClassMember').select('student_id, display_name').eq('class_id', klass.id).returns<{ student_id: string; display_name: string }[]>(),
    (async () => {
      const rows: ExportRun[] = [];
      for (let from = 0; ; from += PAGE) {
        const page = await ctx.supabase
          .from('AppRun')
          .select('app_id, runner_user_id, started_at, finished_at, status, inputs, outputs')
          .eq('class_id', klass.id)
          .order('started_at', { ascending: true })
          .order('id', { ascending: true })
          .range(from, from + PAGE - 1)
          .returns<ExportRun[]>();
        if (page.error) throw new Error(`Reading the class's runs failed: ${page.error.message}`);
        rows.push(...page.data);
        if (page.data.length < PAGE) return rows;
      }
    })(),
  ]);
  if (members.error) throw new Error(`Reading the roster failed: ${members.error.message}`);
  const names = new Map(members.data.map((member) => [member.student_id, member.display_name]));
  const appIds = [...new Set(runs.map((run) => run.app_id))];
  const apps = appIds.length > 0 ? await ctx.supabase.from('App').select('id, name').in('id', appIds).returns<{ id: string; name: string }[]>() : null;
  if (apps?.error) throw new Error(`Reading the apps failed: ${apps.error.message}`);
  const appNames = new Map((apps?.data ?? []).map((app) => [app.id, app.name]));

  const csv = Papa.unparse(
    {
      fields: ['student', 'app', 'started_at', 'finished_at', 'status', 'inputs', 'outputs'],
      data: runs.map((run) => [
        names.get(run.runner_user_id ?? '') ?? '',
        appNames.get(run.app_id) ?? run.app_id,
        run.started_at,
        run.finished_at ?? '',
        run.status,
        JSON.stringify(run.inputs ?? {}),
        JSON.stringify(run.outputs ?? null),
      ]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  const day = new Date().toISOString().slice(0, 10);
  const file = `${klass.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim().replace(/\s+/g, '-') || 'class'}-runs-${day}.csv`;
  return new Response(csv, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${file}"` },
  });
};
