/**
 * Examples of the `data` of the types the service publishes itself: process instances' events
 * (PRODUCT.md 5, as src/processes/instanceNotices.ts writes them), the test webhook, and the
 * operational events of endpoints and messages (PRODUCT.md 11, as src/delivery/operational writes
 * them).
 */
const INSTANCE = 'pi_01JQ7Z8X2V3N4M5K6P7R8S9T0W';
const DEFINITION = { id: 'order.fulfilment', version: 3 };
const ENDPOINT = 'we_01JQ80A1B2C3D4E5F6G7H8J9K0';
const EVENT = 'evt_01JQ80B2C3D4E5F6G7H8J9K0M1';

export const SERVICE_EXAMPLES: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  'process.instance.created': [
    { instance_id: INSTANCE, definition: DEFINITION, status: 'pending' },
  ],
  'process.instance.completed': [
    {
      instance_id: INSTANCE,
      definition: DEFINITION,
      status: 'completed',
      output: { shipment_id: 'shp_4k2j9d', carrier: 'dhl' },
    },
  ],
  'process.instance.failed': [
    {
      instance_id: INSTANCE,
      definition: DEFINITION,
      status: 'failed',
      error: {
        code: 'approval_rejected',
        message: 'The approval step approve was rejected.',
        step_id: 'approve',
      },
    },
  ],
  'process.instance.cancelled': [
    { instance_id: INSTANCE, definition: DEFINITION, status: 'cancelled' },
  ],
  'process.instance.replayed': [
    {
      instance_id: 'pi_01JQ8C0D1E2F3G4H5J6K7M8N9P',
      definition: DEFINITION,
      status: 'pending',
      replay_of: INSTANCE,
    },
  ],
  'process.user_action.requested': [
    { instance_id: INSTANCE, step_id: 'confirm_address', action: 'confirm_delivery_address' },
  ],
  'approval_request.created': [{ instance_id: INSTANCE, step_id: 'approve' }],
  'process.user_action.completed': [
    {
      instance_id: INSTANCE,
      step_id: 'confirm_address',
      data: { address_confirmed: true, note: 'Deliver to the side entrance' },
    },
  ],
  'approval_request.resolved': [
    {
      instance_id: INSTANCE,
      step_id: 'approve',
      decision: 'approved',
      comment: 'Within the customer’s credit limit',
    },
  ],
  'webhook.test': [{ note: 'Checking the new endpoint before going live' }],
  'webhook_endpoint.disabled': [
    {
      endpoint_id: ENDPOINT,
      url: 'https://hooks.merchant.example/sluice',
      reason: 'failing',
      disabled_at: '2026-03-15T06:00:00.000Z',
    },
  ],
  'webhook_endpoint.enabled': [{ endpoint_id: ENDPOINT }],
  'message.attempt.failing': [
    {
      endpoint_id: ENDPOINT,
      event_id: EVENT,
      event_type: 'order.created',
      attempt_count: 4,
      last_error: {
        code: 'http_status',
        message: 'The receiver answered 503.',
        response_status_code: 503,
      },
    },
  ],
  'message.attempt.exhausted': [
    {
      endpoint_id: ENDPOINT,
      event_id: EVENT,
      event_type: 'order.created',
      attempt_count: 8,
      last_error: {
        code: 'timeout',
        message: 'The operation was aborted due to timeout',
        response_status_code: null,
      },
    },
  ],
  'message.attempt.recovered': [
    { endpoint_id: ENDPOINT, event_id: EVENT, event_type: 'order.created', attempt_count: 5 },
  ],
};
