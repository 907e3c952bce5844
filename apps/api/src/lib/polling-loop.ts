/** What a background worker logs through (the app's logger, or a test's). */
export type WorkerLog = Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;

export type PollingLoop = {
  /** Runs a pass now, or answers the one under way; resolves to what it did. */
  runOnce: () => Promise<number>;
  isStopped: () => boolean;
  start: () => void;
  /** Stops polling, waits for the pass under way, then runs `onStop`. */
  stop: () => Promise<void>;
};

/** One pass at a time, `pollMs` after the last; a stop waits for one row at most. */
export function pollingLoop(options: {
  pollMs: number;
  log: WorkerLog;
  /** The log message for a pass that threw. */
  failure: string;
  pass: () => Promise<number>;
  onStop: () => Promise<void>;
}): PollingLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  function runOnce(): Promise<number> {
    running ??= options.pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => options.log.error({ err: error }, options.failure))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    isStopped: () => stopped,
    start: () => {
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await options.onStop();
    },
  };
}
