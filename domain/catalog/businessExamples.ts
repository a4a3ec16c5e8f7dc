/**
 * Examples of the `data` of the business types of SPEC.md 6.3, as a platform publishes them: what
 * the catalog shows merchants before their first delivery. Amounts are in minor units.
 */
const COMPANY = 'cmp_8f2k1w';
const ORDER = 'ord_7f3k9q';
const INVOICE = 'inv_3k8d2m';
const PAYMENT = 'pay_6t1z4r';

export const BUSINESS_EXAMPLES: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  'company.created': [
    {
      company_id: COMPANY,
      legal_name: 'Acme Trading GmbH',
      registration_number: 'HRB 123456',
      country: 'DE',
      created_at: '2026-03-02T09:14:00.000Z',
    },
  ],
  'company.updated': [
    {
      company_id: COMPANY,
      changes: { legal_name: 'Acme Trading AG', registration_number: 'HRB 654321' },
      updated_at: '2026-03-09T11:02:00.000Z',
    },
  ],
  'contact.created': [
    {
      contact_id: 'ct_31x9pa',
      company_id: COMPANY,
      first_name: 'Maria',
      last_name: 'Keller',
      email: 'maria.keller@acme.example',
    },
  ],
  'contact_role.certified': [
    {
      contact_id: 'ct_31x9pa',
      company_id: COMPANY,
      role: 'managing_director',
      certified_at: '2026-03-03T15:40:00.000Z',
    },
  ],
  'onboarding_case.completed': [
    {
      onboarding_case_id: 'onb_2p7q8s',
      company_id: COMPANY,
      decision: 'accepted',
      completed_at: '2026-03-04T10:00:00.000Z',
    },
  ],
  'onboarding_case.rejected': [
    {
      onboarding_case_id: 'onb_2p7q8s',
      company_id: COMPANY,
      reason: 'beneficial_owner_not_verified',
      rejected_at: '2026-03-04T10:00:00.000Z',
    },
  ],
  'compliance_check.created': [
    {
      compliance_check_id: 'cc_5h2m7v',
      company_id: COMPANY,
      check_type: 'sanctions_screening',
      created_at: '2026-03-02T09:15:00.000Z',
    },
  ],
  'compliance_check.review_required': [
    {
      compliance_check_id: 'cc_5h2m7v',
      company_id: COMPANY,
      check_type: 'sanctions_screening',
      reason: 'possible_name_match',
      due_at: '2026-03-05T09:15:00.000Z',
    },
  ],
  'order.created': [
    {
      order_id: ORDER,
      customer_id: 'cus_4821',
      currency: 'EUR',
      amount_total: 12990,
      lines: [{ sku: 'TSHIRT-M-BLUE', quantity: 2, unit_amount: 6495 }],
    },
  ],
  'order.confirmed': [
    { order_id: ORDER, customer_id: 'cus_4821', confirmed_at: '2026-03-10T08:31:00.000Z' },
  ],
  'checkout_session.completed': [
    {
      checkout_session_id: 'cs_91ab4e',
      order_id: ORDER,
      currency: 'EUR',
      amount_total: 12990,
      payment_method: 'card',
      completed_at: '2026-03-10T08:30:12.000Z',
    },
  ],
  'invoice.created': [
    {
      invoice_id: INVOICE,
      order_id: ORDER,
      customer_id: 'cus_4821',
      currency: 'EUR',
      amount_total: 12990,
      due_date: '2026-04-09',
    },
  ],
  'invoice.issued': [
    {
      invoice_id: INVOICE,
      invoice_number: 'INV-2026-000142',
      issued_at: '2026-03-10T09:00:00.000Z',
      due_date: '2026-04-09',
    },
  ],
  'invoice.sent': [
    {
      invoice_id: INVOICE,
      invoice_number: 'INV-2026-000142',
      recipient_email: 'billing@customer.example',
      sent_at: '2026-03-10T09:01:00.000Z',
    },
  ],
  'invoice.cancelled': [
    {
      invoice_id: INVOICE,
      invoice_number: 'INV-2026-000142',
      reason: 'duplicate',
      cancelled_at: '2026-03-11T14:20:00.000Z',
    },
  ],
  'psp_payment.succeeded': [
    {
      payment_id: PAYMENT,
      psp: 'stripe',
      psp_reference: 'pi_3OxQ2a2eZvKYlo2C1',
      order_id: ORDER,
      currency: 'EUR',
      amount: 12990,
      succeeded_at: '2026-03-10T08:30:10.000Z',
    },
  ],
  'payment.received': [
    {
      payment_id: 'pay_9c2w7d',
      currency: 'EUR',
      amount: 12990,
      payer_name: 'Customer GmbH',
      reference: 'INV-2026-000142',
      received_at: '2026-03-20T07:45:00.000Z',
    },
  ],
  'payment_allocation.complete': [
    {
      payment_id: 'pay_9c2w7d',
      allocations: [{ invoice_id: INVOICE, amount: 12990 }],
      completed_at: '2026-03-20T07:46:00.000Z',
    },
  ],
};
