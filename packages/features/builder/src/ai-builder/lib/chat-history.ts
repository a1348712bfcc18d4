// The builder chat of this browser tab, kept per app in sessionStorage: what was asked, on which
// version, and what came back (the new version or the reason it failed). The message being typed
// is kept too, so a failed request, a reload or a wrong click never loses it. Everything read back
// is checked: a damaged or foreign entry is dropped, never shown.
import { z } from 'zod';

const exchangeSchema = z.object({
  id: z.string().min(1),
  message: z.string(),
  baseVersionId: z.string(),
  baseNumber: z.number().int().nullable(),
  at: z.string(),
  outcome: z.discriminatedUnion('type', [
    z.object({ type: z.literal('version'), versionId: z.string(), number: z.number().int(), summary: z.string() }),
    z.object({ type: z.literal('failed'), code: z.string(), message: z.string() }),
  ]),
});

export type ChatExchange = z.infer<typeof exchangeSchema>;

/** At most this many exchanges are kept (the oldest go first). */
export const CHAT_LIMIT = 50;

const historyKey = (appId: string) => `appforge:ai-builder:chat:${appId}`;
const draftKey = (appId: string) => `appforge:ai-builder:draft:${appId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings): the chat then lives only on screen.
    return null;
  }
}

export function readChat(appId: string): ChatExchange[] {
  const raw = storage()?.getItem(historyKey(appId));
  if (raw === null || raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const checked = exchangeSchema.safeParse(entry);
    return checked.success ? [checked.data] : [];
  });
}

export function writeChat(appId: string, exchanges: readonly ChatExchange[]): void {
  try {
    storage()?.setItem(historyKey(appId), JSON.stringify(exchanges.slice(-CHAT_LIMIT)));
  } catch {
    // A full storage only costs the history after a reload; the screen still has it.
  }
}

/** Adds an exchange, or replaces the one with the same id (a retry). */
export function upsertExchange(exchanges: readonly ChatExchange[], exchange: ChatExchange): ChatExchange[] {
  const index = exchanges.findIndex((entry) => entry.id === exchange.id);
  const next = index === -1 ? [...exchanges, exchange] : exchanges.map((entry, at) => (at === index ? exchange : entry));
  return next.slice(-CHAT_LIMIT);
}

export function readDraft(appId: string): string {
  return storage()?.getItem(draftKey(appId)) ?? '';
}

export function writeDraft(appId: string, text: string): void {
  try {
    if (text === '') storage()?.removeItem(draftKey(appId));
    else storage()?.setItem(draftKey(appId), text);
  } catch {
    // See writeChat.
  }
}
