import type { KnownTypes } from '../catalog/eventCatalog.js';
import { BUILT_IN_TYPES, isExtensionType } from '../catalog/eventCatalog.js';
import type { DomainError, FieldFault } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';

export const CHANNEL = /^[A-Za-z0-9_.:-]{1,128}$/;
export const MAX_CHANNELS = 10;
export const MAX_FILTER_TYPES = 100;
export const MAX_DESCRIPTION = 1000;
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY = 40;
export const MAX_METADATA_VALUE = 500;
export const MAX_RATE_LIMIT_PER_S = 10_000;

/** Why an endpoint may not list this type, or null when it may. */
const filterTypeFault = (
  type: string,
  known: KnownTypes,
  listed: readonly string[],
): string | null => {
  if (isExtensionType(type))
    return `${type} is an extension type: extension events are never delivered`;
  const facts = known.get(type);
  if (facts?.deliverable !== true) return `${type} is not a deliverable event type`;
  // A deprecated type stays with the endpoints that listed it, and no endpoint takes it up anew.
  if (facts.deprecated && !listed.includes(type))
    return `${type} is deprecated: it cannot be newly subscribed to`;
  return null;
};

/**
 * `filter_types` is null (every deliverable type) or a non-empty list of deliverable catalog types.
 * An `extension.*`, unknown or undeliverable entry is refused by name, and so is a deprecated one
 * the endpoint did not list before. `known` holds the facts of the types named (the built-in types
 * as shipped when the caller says nothing more); `listed`, the endpoint's types before the change.
 */
export const checkFilterTypes = (
  types: readonly string[] | null,
  known: KnownTypes = BUILT_IN_TYPES,
  listed: readonly string[] = [],
): DomainError | undefined => {
  if (types === null) return undefined;
  if (types.length === 0) {
    return domainError('validation_failed', 'filter_types is null or a non-empty list.', [
      { path: 'filter_types', message: 'must be null or hold at least one type' },
    ]);
  }
  if (types.length > MAX_FILTER_TYPES) {
    return domainError(
      'validation_failed',
      `filter_types holds at most ${MAX_FILTER_TYPES} types.`,
      [{ path: 'filter_types', message: `must hold at most ${MAX_FILTER_TYPES} types` }],
    );
  }
  const faults: FieldFault[] = [];
  types.forEach((type, i) => {
    const fault = filterTypeFault(type, known, listed);
    if (fault) faults.push({ path: `filter_types.${i}`, message: fault });
  });
  if (faults.length > 0) {
    const names = faults.map((f) => types[Number(f.path.split('.')[1])]).join(', ');
    return domainError(
      'invalid_filter_type',
      `Types an endpoint cannot newly list: ${names}.`,
      faults,
    );
  }
  const duplicates = types.filter((type, i) => types.indexOf(type) !== i);
  if (duplicates.length > 0) {
    return domainError('validation_failed', `filter_types lists ${duplicates[0]} twice.`, [
      { path: 'filter_types', message: 'must not repeat a type' },
    ]);
  }
  return undefined;
};

/** Channels are null or 1 to 10 distinct names of `[A-Za-z0-9_.:-]`, at most 128 characters. */
export const checkChannels = (
  channels: readonly string[] | null,
  path = 'channels',
): FieldFault[] => {
  if (channels === null) return [];
  const faults: FieldFault[] = [];
  if (channels.length === 0 || channels.length > MAX_CHANNELS) {
    faults.push({ path, message: `must be null or hold 1 to ${MAX_CHANNELS} channels` });
  }
  channels.forEach((channel, i) => {
    if (!CHANNEL.test(channel))
      faults.push({ path: `${path}.${i}`, message: 'must be 1 to 128 of A-Z a-z 0-9 _ . : -' });
  });
  if (new Set(channels).size !== channels.length)
    faults.push({ path, message: 'must not repeat a channel' });
  return faults;
};

export const checkDescription = (description: string): FieldFault[] =>
  description.length > MAX_DESCRIPTION
    ? [{ path: 'description', message: `must be at most ${MAX_DESCRIPTION} characters` }]
    : [];

/** Metadata: at most 50 string values, keys up to 40 characters, values up to 500. */
export const checkMetadata = (metadata: Readonly<Record<string, string>>): FieldFault[] => {
  const faults: FieldFault[] = [];
  const keys = Object.keys(metadata);
  if (keys.length > MAX_METADATA_KEYS)
    faults.push({ path: 'metadata', message: `must hold at most ${MAX_METADATA_KEYS} keys` });
  for (const key of keys) {
    if (key.length === 0 || key.length > MAX_METADATA_KEY) {
      faults.push({
        path: `metadata.${key}`,
        message: `keys must be 1 to ${MAX_METADATA_KEY} characters`,
      });
    } else if (metadata[key]!.length > MAX_METADATA_VALUE) {
      faults.push({
        path: `metadata.${key}`,
        message: `values must be at most ${MAX_METADATA_VALUE} characters`,
      });
    }
  }
  return faults;
};

export const checkRateLimit = (rate: number | null): FieldFault[] =>
  rate === null || (Number.isInteger(rate) && rate >= 1 && rate <= MAX_RATE_LIMIT_PER_S)
    ? []
    : [
        {
          path: 'rate_limit_per_s',
          message: `must be null or an integer from 1 to ${MAX_RATE_LIMIT_PER_S}`,
        },
      ];
