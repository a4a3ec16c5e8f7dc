import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { PortalCapability } from '../../domain/portal/capabilities.js';
import { portalSessionDecider, portalSessionStream } from '../../domain/portal/portalSession.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { PortalCutoffDoc, PortalSessionDoc } from '../../projections/portalSessions.js';
import {
  PORTAL_CUTOFFS,
  PORTAL_SESSIONS,
  portalSessionsProjection,
} from '../../projections/portalSessions.js';
import { hashApiKey, sameHash } from '../auth/apiKeySecret.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';
import { generatePortalToken } from './portalSecrets.js';

/** What the holder of a valid code receives: the only time the token is shown. */
export type PortalToken = {
  token: string;
  merchant_id: string;
  capabilities: PortalCapability[];
  expires_at: string;
};

/** Why no token: the code is unknown, used, expired or cut off. Which one is not told. */
export type CodeNotValid = 'code_not_valid';

const sessionOfCode = async (
  services: Pick<Services, 'readStore'>,
  codeHash: string,
): Promise<PortalSessionDoc | undefined> => {
  const { docs } = await services.readStore.find(PORTAL_SESSIONS, {
    where: { code_hash: codeHash },
    orderBy: { field: 'code_hash', direction: 'asc' },
    limit: 1,
  });
  const doc = docs[0] as PortalSessionDoc | undefined;
  return doc && sameHash(doc.code_hash, codeHash) ? doc : undefined;
};

/**
 * Exchanges a code for a token, once. The read model finds the session; its stream decides: the
 * exchange appends at the revision it read, so of two exchanges, in one process or several, the
 * second is decided again after the first's event and refused. The answer waits for the read
 * model, so the token works on the next request.
 */
export const exchangePortalCode = async (
  services: Pick<Services, 'eventStore' | 'now' | 'projector' | 'readStore'>,
  code: string,
  metadata: EventMetadata,
): Promise<Either<CodeNotValid, PortalToken>> => {
  const session = await sessionOfCode(services, hashApiKey(code));
  if (!session) return left('code_not_valid');
  const cutoff = (await services.readStore.get(PORTAL_CUTOFFS, session.merchant_id)) as
    PortalCutoffDoc | undefined;
  const token = generatePortalToken();
  const result = await handleCommand(
    services.eventStore,
    portalSessionDecider,
    portalSessionStream(session.id),
    {
      type: 'exchange_portal_code',
      token_hash: hashApiKey(token),
      now: services.now().toISOString(),
      expired_before: cutoff?.expired_before ?? null,
    },
    { ...metadata, merchant_id: session.merchant_id },
  );
  if (isLeft(result)) return left('code_not_valid');
  await services.projector.caughtUp(result.right.position, undefined, [
    portalSessionsProjection.name,
  ]);
  return right({
    token,
    merchant_id: session.merchant_id,
    capabilities: session.capabilities as PortalCapability[],
    expires_at: session.expires_at,
  });
};
