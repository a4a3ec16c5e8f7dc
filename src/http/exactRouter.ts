import { Router } from 'express';

/**
 * A router that takes a path only as written: case counts, and a trailing slash makes another
 * path. The access checks in front of the routes (portalCapabilities, publisherOnly) tell the
 * operation a request calls from its path in the same way, so no spelling of a path reaches a
 * route those checks did not recognise.
 */
export const exactRouter = (): Router => Router({ caseSensitive: true, strict: true });
