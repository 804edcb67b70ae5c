import { loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';

/**
 * The main thread's CPU for a stretch of a page's life, read from a Chromium trace (CDP Tracing):
 * the page marks the stretch's start and end with performance.mark (CLICK_MARK, SHOWN_MARK), and
 * every top-level task of the thread that marked them, from the task holding the start mark to the
 * task holding the end mark (the frame whose requestAnimationFrame saw the text, its style, layout
 * and paint included), counts with its thread time. Idle time between the tasks (a fetch, the wait
 * for the next frame) does not count.
 */
export const CLICK_MARK = 'bench:click';
export const SHOWN_MARK = 'bench:shown';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

export interface RenderCpu {
  /** Milliseconds of main-thread CPU in the stretch's tasks. */
  total: number;
  /** Of it style recalculation, layout, and script (event handlers, timers, microtasks, compiles) less the style and layout it forced. */
  style: number;
  layout: number;
  script: number;
  /** Layouts inside script (forced, synchronous). */
  forcedLayouts: number;
  tasks: number;
}

const CATEGORIES = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
];

/** Starts a trace on `cdp`; the returned function ends it and resolves with its events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}

const cpuOf = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
const within = (outer: TraceEvent, e: TraceEvent) => e.ts >= outer.ts && end(e) <= end(outer);
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'EventDispatch',
  'TimerFire',
  'RunMicrotasks',
  'FireAnimationFrame',
  'v8.run',
]);

/** The main-thread CPU between the two marks (see the file's comment). */
export function renderCpu(events: TraceEvent[]): RenderCpu {
  const mark = (name: string) => {
    const found = events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
    if (!found) throw new Error(`no ${name} in the trace`);
    return found;
  };
  const [click, shown] = [mark(CLICK_MARK), mark(SHOWN_MARK)];
  const onThread = events.filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X');
  const runs = onThread.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined);
  // Top-level tasks only (a nested run loop's tasks are inside their outer task).
  const top = runs.filter((e) => !runs.some((o) => o !== e && within(o, e)));
  const tasks = top.filter((e) => end(e) >= click.ts && e.ts <= shown.ts);
  const inTasks = onThread.filter((e) => tasks.some((t) => within(t, e)));
  const cpuIn = (list: TraceEvent[]) => list.reduce((total, e) => total + cpuOf(e), 0);
  // Script events nest (a FunctionCall inside an EventDispatch): the outermost count, less the
  // style and layout they forced.
  const scripts = inTasks.filter((e) => SCRIPT.has(e.name));
  const outerScripts = scripts.filter((e) => !scripts.some((o) => o !== e && within(o, e) && !within(e, o)));
  const styles = inTasks.filter((e) => e.name === 'UpdateLayoutTree');
  const layouts = inTasks.filter((e) => e.name === 'Layout');
  const inScript = (e: TraceEvent) => outerScripts.some((s) => within(s, e));
  return {
    total: cpuIn(tasks),
    style: cpuIn(styles),
    layout: cpuIn(layouts),
    script: cpuIn(outerScripts) - cpuIn([...styles, ...layouts].filter(inScript)),
    forcedLayouts: layouts.filter(inScript).length,
    tasks: tasks.length,
  };
}

/** The machine's load averages (1, 5, 15 minutes), printed beside each figure: the machine is shared. */
export const machineLoad = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
