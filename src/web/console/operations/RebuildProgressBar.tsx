import type { Schemas } from '../../shared/api';
import { formatCount } from '../../shared/format';
import './rebuild.css';

/** How far a rebuild has come through the log: a bar, and the count it stands for. */
export const RebuildProgressBar = ({
  name,
  progress,
}: {
  name: string;
  progress: Schemas['RebuildProgress'];
}) => {
  // The log grows while a rebuild runs: the whole is never shown smaller than what is done.
  const total = Math.max(progress.events_total, progress.events_done);
  const percent = total === 0 ? 0 : Math.floor((progress.events_done * 100) / total);
  return (
    <div class="rebuild-progress">
      <progress
        max={Math.max(total, 1)}
        value={progress.events_done}
        aria-label={`Rebuild of ${name}`}
        aria-valuetext={`${percent}%`}
      />
      <span class="rebuild-progress-count">
        {formatCount(progress.events_done)} of {formatCount(total)} events applied ({percent}%)
      </span>
    </div>
  );
};
