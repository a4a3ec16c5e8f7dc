import type { Tone } from '../../shared/components';
import type { InstanceStatus } from './processApi';

/** How an instance's status reads at a glance: settled, in progress, or needing someone. */
export const INSTANCE_TONE: Record<InstanceStatus, Tone> = {
  pending: 'neutral',
  running: 'info',
  waiting: 'warning',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

export const INSTANCE_STATUSES = Object.keys(INSTANCE_TONE) as InstanceStatus[];
