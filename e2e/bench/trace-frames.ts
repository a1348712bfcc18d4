// Reads a Chromium trace (browser.startTracing / stopTracing) and says, for chosen animation frames,
// where the time went on each thread. The frames are cut by performance.mark(`${prefix}${n}`)
// calls made in the page's requestAnimationFrame callbacks (they land in the trace as
// blink.user_timing events), so frame n is the span between mark n-1 and mark n.
//
// For each frame: per thread (the page's renderer main thread, its compositor, raster workers,
// the viz/GPU threads), the busy time and the event names with the most self time inside the
// span (an event's time minus its children's, both clipped to the span).

interface TraceEvent {
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of an X event, µs: the time the thread really ran, whatever else the machine did. */
  tdur?: number;
  ph: string;
  name: string;
  cat?: string;
  args?: { name?: string };
}

interface Slice {
  name: string;
  start: number;
  end: number;
  cpu: number;
  depth: number;
  parent: Slice | null;
}

/** The categories the analysis reads: main-thread tasks, style/layout/paint, GC, compositor, raster. */
// Kept light: the 'v8' and 'disabled-by-default-*' categories slow the page enough to make late
// frames of their own.
export const FRAME_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline'];

/** What kind of work an event name is, for totals over many frames. */
export function kind(name: string): string {
  if (/GC|Sweep|Marking|Scavenge/i.test(name)) return 'garbage collection';
  if (/^(FunctionCall|EvaluateScript|v8\.|V8\.|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|ParseHTML)/.test(name)) return 'script';
  if (/^(UpdateLayoutTree|Layout|RecalculateStyles|InvalidateLayout|ScheduleStyleRecalculation)/.test(name)) return 'style and layout';
  if (/^(Paint|PrePaint|Layerize|Commit|ProxyMain|UpdateLayer|CompositeLayers|Rasteri|ScrollLayer)/.test(name)) return 'paint and commit';
  // The finer events that extra categories (--trace-categories, e.g. blink_style) split those into.
  if (/^((Document|LocalFrameView)::\w*Paint|Blink\.Paint)/i.test(name)) return 'paint and commit';
  if (/^((Document|LocalFrameView|StyleEngine)::\w*(Style|Layout)|Blink\.(Style|Layout|ForcedStyleAndLayout))/i.test(name)) return 'style and layout';
  return 'other';
}

/** The page's main thread: CPU time per frame (mean, p50, p95), ms. */
export function mainThreadCpu(summaries: FrameSummary[]): { mean: number; p50: number; p95: number } {
  const cpu = summaries.map((s) => s.threads.find((t) => t.thread.startsWith('CrRendererMain'))?.cpu ?? 0).sort((a, b) => a - b);
  const at = (q: number) => cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))] ?? 0;
  return { mean: cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length), p50: at(0.5), p95: at(0.95) };
}

/** Main-thread self time by kind, summed over the frames, ms. */
export function mainThreadKinds(summaries: FrameSummary[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const summary of summaries) {
    const main = summary.threads.find((t) => t.thread.startsWith('CrRendererMain'));
    for (const [name, ms] of main?.all ?? []) totals.set(kind(name), (totals.get(kind(name)) ?? 0) + ms);
  }
  return totals;
}

export interface ThreadSummary {
  thread: string;
  /** Time covered by the thread's outermost slices inside the frame, ms. */
  busy: number;
  /** CPU time of the outermost slices that began inside the frame, ms (wall time minus preemption). */
  cpu: number;
  /** Event names by self time inside the frame, largest first, ms. */
  top: [string, number][];
  /** Every event name's self time inside the frame, ms. */
  all: [string, number][];
}

export interface FrameSummary {
  frame: number;
  /** The frame's span from the trace's marks, ms. */
  span: number;
  threads: ThreadSummary[];
}

function parse(trace: Buffer | string): TraceEvent[] {
  const json = JSON.parse(typeof trace === 'string' ? trace : trace.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(json) ? json : json.traceEvents;
}

/** Slices per thread (X events, and B/E pairs), nested by time. */
function slicesByThread(events: TraceEvent[]): Map<string, Slice[]> {
  const raw = new Map<string, { name: string; start: number; end: number; cpu: number }[]>();
  const open = new Map<string, TraceEvent[]>();
  const add = (key: string, name: string, start: number, end: number, cpu = 0) => {
    const list = raw.get(key) ?? [];
    list.push({ name, start, end, cpu });
    raw.set(key, list);
  };
  for (const event of events) {
    const key = `${String(event.pid)}:${String(event.tid)}`;
    if (event.ph === 'X' && event.dur !== undefined) add(key, event.name, event.ts, event.ts + event.dur, event.tdur ?? 0);
    else if (event.ph === 'B') open.set(key, [...(open.get(key) ?? []), event]);
    else if (event.ph === 'E') {
      const stack = open.get(key) ?? [];
      const begin = stack.pop();
      if (begin) add(key, begin.name, begin.ts, event.ts);
    }
  }
  const result = new Map<string, Slice[]>();
  for (const [key, list] of raw) {
    list.sort((a, b) => a.start - b.start || b.end - a.end);
    const stack: Slice[] = [];
    const slices: Slice[] = [];
    for (const item of list) {
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= item.start) stack.pop();
      const parent = stack.at(-1) ?? null;
      const slice: Slice = { ...item, depth: stack.length, parent };
      slices.push(slice);
      if (item.end > item.start) stack.push(slice);
    }
    result.set(key, slices);
  }
  return result;
}

function threadNames(events: TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name) names.set(`${String(event.pid)}:${String(event.tid)}`, event.args.name);
  }
  return names;
}

/** Threads worth reading for a frame: the page's renderer (main, compositor, raster) and viz. */
function interesting(name: string): boolean {
  return /^(CrRendererMain|Compositor|CompositorTileWorker|VizCompositorThread|CrGpuMain|CrBrowserMain)/.test(name);
}

/**
 * Summaries of `frames` (mark numbers). `prefix` is the marks' name before the number. Only the
 * renderer process that holds the marks and the browser/GPU processes are read.
 */
export function summariseFrames(trace: Buffer | string, prefix: string, frames: number[], topN = 6): FrameSummary[] {
  const events = parse(trace);
  const marks = new Map<number, { ts: number; pid: number }>();
  for (const event of events) {
    if (event.name.startsWith(prefix) && event.cat?.includes('blink.user_timing')) {
      const n = Number(event.name.slice(prefix.length));
      if (Number.isInteger(n) && !marks.has(n)) marks.set(n, { ts: event.ts, pid: event.pid });
    }
  }
  const pagePid = marks.values().next().value?.pid;
  const names = threadNames(events);
  const slices = slicesByThread(events);
  const summaries: FrameSummary[] = [];
  for (const frame of frames) {
    const from = marks.get(frame - 1);
    const to = marks.get(frame);
    if (!from || !to) continue;
    const threads: ThreadSummary[] = [];
    for (const [key, list] of slices) {
      const thread = names.get(key) ?? key;
      const pid = Number(key.split(':')[0]);
      if (!interesting(thread)) continue;
      if (/^(CrRendererMain|Compositor|CompositorTileWorker)/.test(thread) && pid !== pagePid) continue;
      const self = new Map<string, number>();
      let busy = 0;
      let cpu = 0;
      for (const slice of list) {
        if (slice.depth === 0 && slice.start >= from.ts && slice.start < to.ts) cpu += slice.cpu;
        const clipped = Math.min(slice.end, to.ts) - Math.max(slice.start, from.ts);
        if (clipped <= 0) continue;
        if (slice.depth === 0) busy += clipped;
        self.set(slice.name, (self.get(slice.name) ?? 0) + clipped);
        if (slice.parent) self.set(slice.parent.name, (self.get(slice.parent.name) ?? 0) - clipped);
      }
      if (busy < 1000) continue;
      const all = [...self.entries()].map(([name, us]): [string, number] => [name, us / 1000]).sort((a, b) => b[1] - a[1]);
      const top = all.filter(([, ms]) => ms >= 0.5).slice(0, topN);
      const existing = threads.find((t) => t.thread === thread);
      if (existing) {
        existing.busy += busy / 1000;
        existing.cpu += cpu / 1000;
        existing.top = [...existing.top, ...top].sort((a, b) => b[1] - a[1]).slice(0, topN);
        existing.all = [...existing.all, ...all];
      } else threads.push({ thread, busy: busy / 1000, cpu: cpu / 1000, top, all });
    }
    threads.sort((a, b) => b.busy - a.busy);
    summaries.push({ frame, span: (to.ts - from.ts) / 1000, threads });
  }
  return summaries;
}

export function formatFrame(summary: FrameSummary): string {
  const lines = summary.threads.map(
    (t) => `    ${t.thread.padEnd(22)} busy ${t.busy.toFixed(1).padStart(5)} ms (CPU ${t.cpu.toFixed(1)}): ${t.top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`,
  );
  return [`  frame ${String(summary.frame)} (${summary.span.toFixed(1)} ms in the trace)`, ...lines].join('\n');
}
