import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '../../../src/openapi/document.js';

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument());
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('documents a problem answer for every error status of every operation', () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { $ref?: string; content?: object }> }>
      >;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const ok =
            response.$ref?.startsWith('#/components/responses/') ||
            (response.content && 'application/problem+json' in response.content);
          expect(ok, `${method} ${path} ${status}`).to.equal(true);
        }
      }
    }
  });
});
