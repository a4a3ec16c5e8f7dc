import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { PortalCapability } from '../../domain/portal/capabilities.js';
import { grantedCapabilities } from '../../domain/portal/capabilities.js';
import { portalSessionDecider, portalSessionStream } from '../../domain/portal/portalSession.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { hashApiKey } from '../auth/apiKeySecret.js';
import { handleCommand } from '../commands/handleCommand.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { generatePortalCode } from './portalSecrets.js';

export type PortalSessionRequest = {
  merchant_id: string;
  capabilities: readonly PortalCapability[] | undefined;
  expires_in_s: number;
};

/** A new session as the admin sees it, the only time its link (and code) is shown. */
export type CreatedPortalSession = {
  object: 'portal_session';
  id: string;
  merchant_id: string;
  capabilities: PortalCapability[];
  url: string;
  expires_at: string;
};

/**
 * Draws a single-use code and records the session with the code's hash. The code travels in the
 * link's fragment, which browsers never send to a server, so no access log ever holds it.
 */
export const createPortalSession = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  request: PortalSessionRequest,
  baseUrl: string,
  metadata: EventMetadata,
): Promise<
  Either<DomainError, { created: CreatedPortalSession; position: Position | undefined }>
> => {
  const sessionId = newId('ps');
  const code = generatePortalCode();
  const now = services.now();
  const result = await handleCommand(
    services.eventStore,
    portalSessionDecider,
    portalSessionStream(sessionId),
    {
      type: 'create_portal_session',
      session_id: sessionId,
      merchant_id: request.merchant_id,
      capabilities: grantedCapabilities(request.capabilities),
      code_hash: hashApiKey(code),
      now: now.toISOString(),
      expires_at: new Date(now.getTime() + request.expires_in_s * 1000).toISOString(),
    },
    metadata,
    { expectNew: true },
  );
  if (isLeft(result)) return left(result.left);
  const event = result.right.events[0];
  if (event?.type !== 'portal_session.created')
    throw new Error('create_portal_session appended no portal_session.created');
  return right({
    created: {
      object: 'portal_session',
      id: sessionId,
      merchant_id: event.data.merchant_id,
      capabilities: event.data.capabilities,
      url: `${baseUrl}/portal#code=${encodeURIComponent(code)}`,
      expires_at: event.data.expires_at,
    },
    position: result.right.position,
  });
};
