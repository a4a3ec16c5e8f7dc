import { nullable, object, timestamp } from './schema.js';

const secretId = {
  type: 'string',
  pattern: '^sec_[0-9a-f]{20}$',
};

/** An endpoint's signing secret, shown by its own route only, and what a rotation answers. */
export const secretSchemas = {
  EndpointSecret: object({
    key: { type: 'string', pattern: '^whsec_' },
    id: {
      ...secretId,
      description: 'Which secret this is (from its digest), as a rotation names it',
    },
    previous_expires_at: {
      ...nullable(timestamp),
      description:
        'Until when the secret it replaced still signs beside it; null: it no longer does',
    },
  }),
  SecretRotation: object({
    id: {
      ...secretId,
      description: 'The new secret’s id; the secret itself is read from GET …/secret',
    },
    previous_expires_at: {
      ...timestamp,
      description: 'Until when the old secret still signs beside the new one',
    },
  }),
};
