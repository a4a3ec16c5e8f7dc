import { createHash } from 'node:crypto';
import type { InstanceEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { Publication } from '../events/publishEvent.js';

/**
 * Business event ids derived from what caused them, so that publishing again after a crash is a
 * no-op rather than a second event.
 */
export const derivedEventId = (...parts: string[]): string =>
  `evt_${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 26)}`;

/**
 * The deliverable business events (PRODUCT.md 5) that an instance's own event stands for: merchants
 * follow their runs by webhook through these. Other instance events notify nobody.
 */
export const noticesOf = (recorded: RecordedEvent): Publication[] => {
  const event = recorded as RecordedEvent<InstanceEvent>;
  const notice = (type: string, data: Record<string, unknown>, suffix = ''): Publication => ({
    id: derivedEventId(event.id, suffix),
    type,
    merchant_id: recorded.metadata.merchant_id ?? '',
    data: { instance_id: event.data.instance_id, ...data },
  });
  switch (event.type) {
    case 'process_instance.created': {
      const { definition, replay_of } = event.data;
      const created = notice('process.instance.created', { definition, status: 'pending' });
      if (replay_of === null) return [created];
      const replayed = notice(
        'process.instance.replayed',
        { definition, status: 'pending', replay_of },
        'replayed',
      );
      return [created, replayed];
    }
    case 'process_instance.completed':
      return [
        notice('process.instance.completed', {
          definition: event.data.definition,
          status: 'completed',
          ...(event.data.result && { output: event.data.result.output }),
        }),
      ];
    case 'process_instance.failed':
      return [
        notice('process.instance.failed', {
          definition: event.data.definition,
          status: 'failed',
          error: event.data.error,
        }),
      ];
    case 'process_instance.cancelled':
      return [
        notice('process.instance.cancelled', {
          definition: event.data.definition,
          status: 'cancelled',
        }),
      ];
    case 'process_instance.step_waiting': {
      const { wait, step_id } = event.data;
      if (wait.kind === 'user_action')
        return [notice('process.user_action.requested', { step_id, action: wait.action })];
      if (wait.kind === 'approval') return [notice('approval_request.created', { step_id })];
      return [];
    }
    case 'process_instance.user_action_completed':
      return [
        notice('process.user_action.completed', {
          step_id: event.data.step_id,
          data: event.data.data,
        }),
      ];
    case 'process_instance.approval_resolved':
      return [
        notice('approval_request.resolved', {
          step_id: event.data.step_id,
          decision: event.data.decision,
          comment: event.data.comment,
        }),
      ];
    default:
      return [];
  }
};
