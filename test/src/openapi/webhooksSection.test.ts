import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EVENT_CATALOG } from '../../../domain/catalog/eventCatalog.js';
import { openApiDocument } from '../../../src/openapi/document.js';

type Entry = {
  post: {
    parameters: Array<{ name: string; in: string; required: boolean }>;
    requestBody: {
      content: { 'application/json': { schema: object; example: Record<string, unknown> } };
    };
  };
};

// ajv-formats is CommonJS: its default export is the function under ESM's interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe('the OpenAPI document’s webhooks section', () => {
  const webhooks = (openApiDocument() as unknown as { webhooks: Record<string, Entry> }).webhooks;

  it('has one entry per deliverable type of the catalog, and none for the others', () => {
    const deliverable = EVENT_CATALOG.filter((e) => e.deliverable).map((e) => e.name);
    expect(deliverable).to.not.be.empty;
    expect(Object.keys(webhooks).sort()).to.deep.equal([...deliverable].sort());
    const internal = EVENT_CATALOG.filter((e) => !e.deliverable).map((e) => e.name);
    for (const name of internal) expect(webhooks, name).to.not.have.property(name);
  });

  it('gives each entry the three signature headers, and an example its schema accepts', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    for (const [name, entry] of Object.entries(webhooks)) {
      const headers = entry.post.parameters.filter((p) => p.in === 'header' && p.required);
      expect(
        headers.map((h) => h.name),
        name,
      ).to.deep.equal(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const { schema, example } = entry.post.requestBody.content['application/json'];
      const validate = ajv.compile(schema);
      expect(validate(example), `${name}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
      expect(example.type).to.equal(name);
      // The schema is strict about the envelope: a body of another type does not pass.
      expect(validate({ ...example, type: 'some.other_type' }), name).to.equal(false);
    }
  });
});
