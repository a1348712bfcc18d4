import type { FunctionCaller, FunctionContext } from './types.ts';

/** A JSON response; errors use `{ code, message }` like the rest of the backend. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return json(status, { code, message });
}

/** The signed-in user calling, or undefined for the anon key and the service-role key. */
export function signedInUser(ctx: FunctionContext): (FunctionCaller & { id: string }) | undefined {
  const caller = ctx.caller;
  if (caller?.role !== 'authenticated' || caller.id === null) return undefined;
  return { ...caller, id: caller.id };
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON body; an empty body is `{}` (supabase-js sends none when invoke() gets no body). */
export async function readJsonBody(req: Request): Promise<JsonBody> {
  const text = await req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_body', 'The request body is not valid JSON') };
  }
}
