import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import { openApiDocument } from '../openapi/document.js';

/** Where the web pages' typed client finds the API's types (npm runs scripts at the project's top). */
export const SCHEMA_FILE = resolve('src/web/shared/schema.d.ts');

const HEADER =
  '// Generated from openApiDocument() by `npm run generate:client`: edit the OpenAPI document, not this file.\n\n';

/** The TypeScript types of the OpenAPI document the service serves, as the file holds them. */
export const schemaTypes = async (): Promise<string> => {
  // A copy: the generator annotates the object it is given.
  const document = structuredClone(openApiDocument()) as unknown as OpenAPI3;
  const ast = await openapiTS(document, { alphabetize: false, silent: true });
  return HEADER + astToString(ast);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(SCHEMA_FILE, await schemaTypes());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
