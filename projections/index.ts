import { apiKeysProjection } from './apiKeys.js';
import type { Projection } from './projection.js';

/** Every projection the service keeps up to date and can rebuild. */
export const allProjections: readonly Projection[] = [apiKeysProjection];
