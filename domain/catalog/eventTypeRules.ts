import type { FieldFault } from '../shared/errors.js';
import { compileInputSchema } from '../processes/definition/inputSchema.js';
import { isJsonObject } from '../processes/definition/fields.js';
import { dataFaults, schemaFaults } from './dataSchema.js';

/** Bounds of what an admin declares of a type (PRODUCT.md 12). */
export const MAX_TYPE_DESCRIPTION = 1000;
export const MAX_EXAMPLES = 20;
export const MAX_EXAMPLE_BYTES = 64 * 1024;
export const FAMILY_NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** The family of a registered type whose admin names none. */
export const PLATFORM_FAMILY = 'platform';

/** Faults of the fields' shapes and bounds: a request that is not valid as sent (400). */
export const descriptionFaults = (description: string): FieldFault[] =>
  description.length === 0 || description.length > MAX_TYPE_DESCRIPTION
    ? [{ path: 'description', message: `must be 1 to ${MAX_TYPE_DESCRIPTION} characters long` }]
    : [];

export const familyFaults = (family: string): FieldFault[] =>
  FAMILY_NAME.test(family) ? [] : [{ path: 'family', message: `must match ${FAMILY_NAME.source}` }];

export const exampleBoundFaults = (examples: readonly unknown[]): FieldFault[] => {
  if (examples.length > MAX_EXAMPLES)
    return [{ path: 'examples', message: `must hold at most ${MAX_EXAMPLES} examples` }];
  const faults: FieldFault[] = [];
  examples.forEach((example, i) => {
    if (!isJsonObject(example)) {
      faults.push({ path: `examples.${i}`, message: 'must be an object: data is one' });
      return;
    }
    const bytes = Buffer.byteLength(JSON.stringify(example));
    if (bytes > MAX_EXAMPLE_BYTES) {
      faults.push({
        path: `examples.${i}`,
        message: `must be at most ${MAX_EXAMPLE_BYTES} bytes as JSON, not ${bytes}`,
      });
    }
  });
  return faults;
};

type Data = Record<string, unknown>;

/**
 * The examples a type will have under `schema`, or what makes them `invalid_schema` (422): a schema
 * the hardened compiler refuses, an example it does not accept, or a deliverable type left without
 * one. Without examples sent, the type keeps `otherwise` (its current ones, which must still match),
 * or, at registration (`'derive'`), gets `{}` when the schema accepts it.
 */
export const checkSchemaAndExamples = (
  schema: Data,
  sent: readonly Data[] | undefined,
  otherwise: readonly Data[] | 'derive',
  deliverable: boolean,
): { faults: FieldFault[]; examples: Data[] } => {
  const refused = schemaFaults(schema, 'schema');
  if (refused.length > 0) return { faults: refused, examples: [] };
  const validate = compileInputSchema(schema);
  if (sent === undefined && otherwise === 'derive') {
    const examples = validate({}) ? [{}] : [];
    const faults =
      deliverable && examples.length === 0
        ? [
            {
              path: 'examples',
              message:
                'is required: the schema does not accept {}, and a deliverable type shows an example',
            },
          ]
        : [];
    return { faults, examples };
  }
  const examples = [...(sent ?? (otherwise as readonly Data[]))];
  const faults = examples.flatMap((example, i) =>
    dataFaults(validate, example, `examples.${i}`).map((fault) =>
      sent
        ? fault
        : {
            ...fault,
            message: `${fault.message}: the example no longer matches; send examples with the schema`,
          },
    ),
  );
  if (deliverable && examples.length === 0)
    faults.push({ path: 'examples', message: 'must hold an example: the type is deliverable' });
  return { faults, examples };
};
