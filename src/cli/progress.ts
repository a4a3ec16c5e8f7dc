import cliProgress from 'cli-progress';

export type Progress = {
  update: (done: number, total: number) => void;
  stop: () => void;
};

/**
 * A progress bar on stderr, for a person at a terminal only: stdout may carry data (`events
 * export`), and a log file or a pipe has no use for redrawn lines.
 */
export const progressBar = (label: string): Progress => {
  if (!process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} events | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: (done, total) => {
      if (!started) {
        bar.start(total, done);
        started = true;
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => {
      if (started) bar.stop();
      started = false;
    },
  };
};
