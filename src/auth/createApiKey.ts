import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { Role } from '../../domain/api-keys/apiKey.js';
import { apiKeyDecider, apiKeyStream } from '../../domain/api-keys/apiKey.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { handleCommand } from '../commands/handleCommand.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { generateApiKey, hashApiKey } from './apiKeySecret.js';

export type ApiKeyRequest = { role: Role; merchant_id: string | null; name: string | null };

/** A new key as its creator sees it, the only time the key itself is shown. */
export type CreatedApiKey = {
  id: string;
  object: 'api_key';
  key: string;
  role: Role;
  merchant_id: string | null;
  name: string | null;
  created_at: string;
};

/** Generates a key and records its creation (its hash only); the decider checks role and merchant. */
export const createApiKey = async (
  services: Pick<Services, 'eventStore' | 'now'>,
  request: ApiKeyRequest,
  metadata: EventMetadata,
): Promise<Either<DomainError, { created: CreatedApiKey; position: Position | undefined }>> => {
  const keyId = newId('key');
  const key = generateApiKey();
  const result = await handleCommand(
    services.eventStore,
    apiKeyDecider,
    apiKeyStream(keyId),
    {
      type: 'create_api_key',
      key_id: keyId,
      role: request.role,
      merchant_id: request.merchant_id,
      name: request.name,
      key_hash: hashApiKey(key),
      now: services.now().toISOString(),
    },
    metadata,
  );
  if (isLeft(result)) return left(result.left);
  const event = result.right.events[0];
  if (event?.type !== 'api_key.created')
    throw new Error('create_api_key appended no api_key.created');
  const { data } = event;
  return right({
    created: {
      id: keyId,
      object: 'api_key',
      key,
      role: data.role,
      merchant_id: data.merchant_id,
      name: data.name,
      created_at: data.created_at,
    },
    position: result.right.position,
  });
};
