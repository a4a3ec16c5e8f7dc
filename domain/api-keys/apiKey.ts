import { left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import { domainError } from '../shared/errors.js';

/** A publisher publishes events and runs processes for any merchant, and does nothing else. */
export const ROLES = ['admin', 'merchant', 'auditor', 'publisher'] as const;
export type Role = (typeof ROLES)[number];

export const apiKeyStream = (keyId: string): string => `api_key-${keyId}`;

export type ApiKeyCreated = DomainEvent<
  'api_key.created',
  {
    key_id: string;
    role: Role;
    merchant_id: string | null;
    name: string | null;
    /** SHA-256 of the key, hex: the key itself is shown once and never stored. */
    key_hash: string;
    created_at: string;
  }
>;
export type ApiKeyRevoked = DomainEvent<'api_key.revoked', { key_id: string; revoked_at: string }>;
export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;

export type CreateApiKey = {
  type: 'create_api_key';
  key_id: string;
  role: Role;
  merchant_id: string | null;
  name: string | null;
  key_hash: string;
  now: string;
};
export type RevokeApiKey = { type: 'revoke_api_key'; key_id: string; now: string };
export type ApiKeyCommand = CreateApiKey | RevokeApiKey;

export type ApiKeyState =
  { status: 'absent' } | { status: 'active' | 'revoked'; role: Role; merchant_id: string | null };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({ status: 'absent' }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'api_key.created':
        return { status: 'active', role: event.data.role, merchant_id: event.data.merchant_id };
      case 'api_key.revoked':
        return state.status === 'absent' ? state : { ...state, status: 'revoked' };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'create_api_key': {
        if (state.status !== 'absent') return left(domainError('conflict', 'The key exists.'));
        if (command.role === 'merchant' && command.merchant_id === null) {
          return left(
            domainError('validation_failed', 'A merchant key needs a merchant_id.', [
              { path: 'merchant_id', message: 'required when role is merchant' },
            ]),
          );
        }
        if (command.role !== 'merchant' && command.merchant_id !== null) {
          return left(
            domainError(
              'validation_failed',
              `Only a merchant key has a merchant_id, not ${command.role}.`,
              [{ path: 'merchant_id', message: `must be absent when role is ${command.role}` }],
            ),
          );
        }
        return right([
          {
            type: 'api_key.created',
            data: {
              key_id: command.key_id,
              role: command.role,
              merchant_id: command.merchant_id,
              name: command.name,
              key_hash: command.key_hash,
              created_at: command.now,
            },
          },
        ]);
      }
      case 'revoke_api_key':
        if (state.status !== 'active') {
          return left(domainError('not_found', `No API key ${command.key_id}.`));
        }
        return right([
          { type: 'api_key.revoked', data: { key_id: command.key_id, revoked_at: command.now } },
        ]);
    }
  },
};
