import { expect } from 'chai';
import type { TestService } from './testService.js';

/** A new API key of the role, for the merchant when it is a merchant key. */
export const createKey = async (
  service: TestService,
  role: 'admin' | 'merchant' | 'auditor' | 'publisher',
  merchantId?: string,
): Promise<string> => {
  const res = await service.api.post('/v1/api-keys', service.admin, {
    role,
    ...(merchantId && { merchant_id: merchantId }),
  });
  expect(res.status, res.text).to.equal(201);
  return res.body.key as string;
};

export type EndpointInput = {
  url?: string;
  merchant_id?: string;
  filter_types?: string[] | null;
  channels?: string[] | null;
  description?: string;
  metadata?: Record<string, string>;
  disabled?: boolean;
  rate_limit_per_s?: number | null;
  secret?: string;
};

/** Creates an endpoint with the admin key (or the given key) and returns it. */
export const createEndpoint = async (
  service: TestService,
  input: EndpointInput = {},
  key = service.admin,
) => {
  const res = await service.api.post('/v1/webhooks', key, {
    url: 'https://hooks.example.com/sluice',
    ...(key === service.admin && { merchant_id: 'mer_acme' }),
    ...input,
  });
  expect(res.status, res.text).to.equal(201);
  return res.body as { id: string; merchant_id: string; url: string };
};
