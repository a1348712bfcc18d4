import type { RunEvent } from '../src/run/events';

export async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

export function types(events: readonly RunEvent[]): string[] {
  return events.map((e) => (e.type === 'step_started' || e.type === 'step_output' ? `${e.type}:${e.stepId}` : e.type));
}

export function last(events: readonly RunEvent[]): RunEvent {
  const event = events[events.length - 1];
  if (!event) throw new Error('no events');
  return event;
}

export function only<T extends RunEvent['type']>(events: readonly RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);
}
