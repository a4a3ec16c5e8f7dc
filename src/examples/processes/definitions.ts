/**
 * Example process definitions, one per typical shape: a straight computation that tells the
 * merchant, an approval with an automatic path, a timed reminder, an order waiting for its payment
 * (a business event) with an escalation, two checks of an order side by side (a parallel step),
 * and a fan-out over an order's lines calling a service (`src/examples/pricing.ts`).
 * `npm run examples` publishes and activates them on a running service.
 */
import { PRICING_PORT } from '../pricing.js';

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
  {
    id: 'order.checks',
    name: 'Check an order',
    description:
      'Checks the stock of the order’s lines and its fraud risk at once, in two branches, then says whether the order can go ahead.',
    input_schema: {
      type: 'object',
      required: ['order_id', 'amount', 'lines'],
      properties: {
        order_id: { type: 'string' },
        amount: { type: 'integer', minimum: 0, description: 'in cents' },
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            type: 'object',
            required: ['sku', 'quantity'],
            properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
    steps: [
      {
        id: 'checks',
        name: 'Check stock and fraud at once',
        type: 'parallel',
        branches: [
          {
            steps: [
              {
                id: 'stock',
                name: 'Check the stock',
                type: 'transform',
                // A warehouse's counts, as a stock service would answer them.
                value:
                  '( $stock := { "A": 10, "B": 0, "C": 3 }; { "short": [input.lines[quantity > ($lookup($stock, sku) ? $lookup($stock, sku) : 0)].sku] } )',
              },
            ],
          },
          {
            steps: [
              {
                id: 'score',
                name: 'Score the fraud risk',
                type: 'transform',
                value:
                  '(input.amount > 100000 ? 60 : 0) + ($sum(input.lines.quantity) > 50 ? 30 : 0)',
              },
              {
                id: 'risk',
                name: 'Judge the risk',
                type: 'transform',
                value: '{ "score": steps.score, "risk": steps.score >= 50 ? "high" : "low" }',
              },
            ],
          },
        ],
      },
    ],
    output:
      '{ "order_id": input.order_id, "short": steps.checks[0].short, "risk": steps.checks[1].risk, "accepted": $count(steps.checks[0].short) = 0 and steps.checks[1].risk = "low" }',
  },
  {
    id: 'order.fan_out',
    name: 'Price an order’s lines',
    description:
      'Prices every line of the order at once (four at a time) with the pricing service, then totals them; a line the service cannot price says so.',
    input_schema: {
      type: 'object',
      required: ['order_id', 'lines'],
      properties: {
        order_id: { type: 'string' },
        lines: {
          type: 'array',
          maxItems: 1000,
          items: {
            type: 'object',
            required: ['sku', 'quantity'],
            properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
    steps: [
      {
        id: 'price',
        name: 'Price each line',
        type: 'map',
        items: 'input.lines',
        max_concurrency: 4,
        steps: [
          {
            id: 'quote',
            name: 'Ask the pricing service',
            type: 'http',
            method: 'POST',
            url: `http://127.0.0.1:${PRICING_PORT}/price`,
            body: '{ "sku": item.sku, "quantity": item.quantity }',
            catch: [{ on: ['http_status'], next: 'line' }],
          },
          {
            id: 'line',
            name: 'The line, priced or not',
            type: 'transform',
            value:
              '$exists(steps.quote.error) ? { "sku": item.sku, "error": steps.quote.error.message } : steps.quote.body',
          },
        ],
      },
    ],
    output:
      '{ "order_id": input.order_id, "lines": steps.price, "total_cents": $sum(steps.price.total_cents) }',
  },
];
