import * as t from 'io-ts';
import { strictObject } from '../codec.js';
import { JsonObject, boundedString } from './common.js';

/**
 * The shapes of the catalog's write requests. The domain checks the rest with a path for each
 * fault: names, bounds, and whether a schema compiles and its examples match it.
 */
const Examples = t.array(JsonObject, 'a list of JSON objects');

export const RegisterEventTypeBody = strictObject(
  'RegisterEventTypeBody',
  { name: boundedString(1, 128), description: t.string },
  { family: t.string, schema: JsonObject, examples: Examples, deliverable: t.boolean },
);

export const UpdateEventTypeBody = strictObject(
  'UpdateEventTypeBody',
  {},
  { description: t.string, schema: JsonObject, examples: Examples, deprecated: t.boolean },
);
