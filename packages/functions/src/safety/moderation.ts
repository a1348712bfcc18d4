// A client of the OpenAI moderation protocol (`POST {base}/moderations` with `{ model, input }`),
// which OpenAI, Azure OpenAI and several self-hosted guards (e.g. LiteLLM proxies) speak. It never
// throws: a failure comes back as a value, the caller keeps its local verdict and logs it.
import { z } from 'zod';
import type { ModerationConfig, SafetyCategory } from './types.ts';

export const DEFAULT_MODERATION_TIMEOUT_MS = 1500;
/** Answers larger than this are refused unread (a moderation answer is a few hundred bytes). */
const MAX_ANSWER_BYTES = 1_000_000;

const ModerationAnswer = z.object({
  results: z
    .array(
      z.object({
        flagged: z.boolean(),
        // OpenAI sends booleans; some compatible servers send null for categories they do not judge.
        categories: z.record(z.string(), z.boolean().nullable()).default({}),
      }),
    )
    .min(1),
});

export type ModerationOutcome = { ok: true; categories: SafetyCategory[] } | { ok: false; error: string };

/** OpenAI's category names → ours: self-harm*, violence* and threats are named; the rest is 'moderation'. */
export function moderationCategory(name: string): SafetyCategory {
  const lower = name.toLowerCase();
  if (lower.startsWith('self-harm') || lower.startsWith('self_harm')) return 'self_harm';
  if (lower.startsWith('violence') || lower.endsWith('/threatening') || lower === 'illicit/violent') return 'violence';
  return 'moderation';
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
    .join('; ');
}

export async function moderate(text: string, config: ModerationConfig, fetcher: typeof fetch = fetch): Promise<ModerationOutcome> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_MODERATION_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetcher(`${config.url.replace(/\/+$/, '')}/moderations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ ...(config.model ? { model: config.model } : {}), input: text }),
      signal: controller.signal,
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: `moderation endpoint answered HTTP ${response.status}` };
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      return { ok: false, error: `moderation answer too large (${length} bytes)` };
    }
    const body = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, error: 'moderation endpoint answered invalid JSON' };
    }
    const parsed = ModerationAnswer.safeParse(json);
    if (!parsed.success) return { ok: false, error: `moderation answer has an unexpected shape (${describe(parsed.error)})` };
    const result = parsed.data.results[0];
    if (!result?.flagged) return { ok: true, categories: [] };
    const categories = new Set(
      Object.entries(result.categories)
        .filter(([, on]) => on === true)
        .map(([name]) => moderationCategory(name)),
    );
    // Flagged without naming why: still flagged.
    if (categories.size === 0) categories.add('moderation');
    return { ok: true, categories: [...categories] };
  } catch (error) {
    if (timedOut) return { ok: false, error: `moderation endpoint did not answer within ${timeoutMs} ms` };
    return { ok: false, error: `moderation endpoint unreachable (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    clearTimeout(timer);
  }
}
