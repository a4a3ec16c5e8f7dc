import type { Schemas } from '../../shared/api';
import type { paths } from '../../shared/schema';

export type Endpoint = Schemas['WebhookEndpoint'];

/** An endpoint's attempts by outcome per bucket, and its messages by status now. */
export type EndpointStats =
  paths['/v1/webhooks/{endpoint_id}/stats']['get']['responses'][200]['content']['application/json'];
