import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { SCHEMA_FILE, schemaTypes } from '../../../src/web/generateClient.js';

describe('the web pages’ API types', () => {
  it('match the OpenAPI document the service serves', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const current = await schemaTypes();
    // Where they part, for the message: the whole files are thousands of lines.
    const committedLines = committed.split('\n');
    const currentLines = current.split('\n');
    const at = currentLines.findIndex((line, i) => line !== committedLines[i]);
    expect(
      committed === current,
      `src/web/shared/schema.d.ts is out of date with openApiDocument() (first difference at line ${at + 1}: ` +
        `${JSON.stringify(committedLines[at] ?? '')} should be ${JSON.stringify(currentLines[at] ?? '')}): ` +
        'run npm run generate:client',
    ).to.equal(true);
  });
});
