/**
 * Example process definitions, one per typical shape: a straight computation that tells the
 * merchant, an approval with an automatic path, and a timed reminder. `npm run examples` publishes
 * and activates them on a running service.
 */
export const exampleDefinitions = [
  {
    id: 'order.summary',
    name: 'Order summary',
    description: 'Totals an order and tells the merchant it is confirmed.',
    input_schema: {
      type: 'object',
      required: ['order_id', 'items'],
      properties: {
        order_id: { type: 'string' },
        items: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['sku', 'price', 'quantity'],
            properties: {
              sku: { type: 'string' },
              price: { type: 'number', minimum: 0 },
              quantity: { type: 'integer', minimum: 1 },
            },
          },
        },
      },
    },
    steps: [
      {
        id: 'total',
        name: 'Compute the total',
        type: 'transform',
        value: '$sum(input.items.(price * quantity))',
      },
      {
        id: 'confirm',
        name: 'Confirm the order',
        type: 'emit',
        event_type: 'order.confirmed',
        data: '{ "order_id": input.order_id, "total": steps.total }',
      },
    ],
    output:
      '{ "order_id": input.order_id, "total": steps.total, "event_id": steps.confirm.event_id }',
  },
  {
    id: 'refund.approval',
    name: 'Refund with approval',
    description: 'Refunds up to 100 are approved at once; larger ones wait for a person.',
    input_schema: {
      type: 'object',
      required: ['payment_id', 'amount'],
      properties: {
        payment_id: { type: 'string' },
        amount: { type: 'number', exclusiveMinimum: 0 },
      },
    },
    steps: [
      {
        id: 'route',
        type: 'choice',
        visible: false,
        branches: [{ when: 'input.amount <= 100', next: 'auto' }],
        otherwise: 'review',
      },
      { id: 'review', name: 'Manager review', type: 'approval', next: 'refund' },
      {
        id: 'auto',
        name: 'Approved automatically',
        type: 'transform',
        value: '{ "decision": "approved", "comment": "small amount" }',
      },
      {
        id: 'refund',
        name: 'Record the refund',
        type: 'transform',
        value: '{ "payment_id": input.payment_id, "refunded": input.amount }',
      },
    ],
    output: 'steps.refund',
  },
  {
    id: 'invoice.reminder',
    name: 'Invoice reminder',
    description: 'Waits, then sends the invoice again unless the run is cancelled first.',
    input_schema: {
      type: 'object',
      required: ['invoice_id'],
      properties: { invoice_id: { type: 'string' } },
    },
    steps: [
      { id: 'wait', name: 'Wait before reminding', type: 'delay', duration_ms: 5000 },
      {
        id: 'remind',
        name: 'Send the reminder',
        type: 'emit',
        event_type: 'invoice.sent',
        data: '{ "invoice_id": input.invoice_id, "reminder": true }',
      },
    ],
    output: '{ "reminded": input.invoice_id }',
  },
  {
    id: 'order.await_payment',
    name: 'Order awaiting payment',
    description:
      'Waits up to 24 hours for the payment of the order’s invoice, then confirms the order; without it, reminds the customer and fails.',
    input_schema: {
      type: 'object',
      required: ['order_id', 'invoice_id'],
      properties: { order_id: { type: 'string' }, invoice_id: { type: 'string' } },
    },
    steps: [
      {
        id: 'paid',
        name: 'Wait for the payment',
        type: 'wait_for_event',
        event_type: 'payment.received',
        match: 'event.data.reference = input.invoice_id',
        timeout_ms: 86_400_000,
        on_timeout: 'remind',
      },
      {
        id: 'confirm',
        name: 'Confirm the order',
        type: 'emit',
        event_type: 'order.confirmed',
        data: '{ "order_id": input.order_id, "payment_id": steps.paid.data.payment_id }',
        next: 'done',
      },
      {
        id: 'remind',
        name: 'Remind the customer',
        type: 'emit',
        event_type: 'invoice.sent',
        data: '{ "invoice_id": input.invoice_id, "reminder": true }',
      },
      { id: 'overdue', type: 'fail', code: 'payment_overdue', message: 'No payment in 24 hours.' },
      { id: 'done', type: 'succeed' },
    ],
    output: '{ "order_id": input.order_id, "payment_id": steps.paid.data.payment_id }',
  },
];
