import type { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import { isLeft } from 'fp-ts/lib/Either.js';
import { compilePattern } from './schemaRegex.js';

// ajv-formats is CommonJS: under NodeNext its plugin is the namespace's default.
const addFormats =
  (formatsModule as unknown as { default: FormatsPlugin }).default ?? formatsModule;

/** An octet of a dotted address, as ajv-formats reads it. */
const OCTET = '(?:1?\\d{1,2}|2[0-4]\\d|25[0-5])';
/** A first octet from 1 to 223, but never 10, 127, 169, 172 or 192: those are handled apart. */
const FIRST_OCTET =
  '(?:[1-9]|1[1-9]|[2-9]\\d|1[01]\\d|12[0-689]|1[3-5]\\d|16[0-8]|17[013-9]|18\\d|19[013-9]|2[01]\\d|22[0-3])';
/** The first two octets of a public address: not 169.254, 192.168 nor 172.16 to 172.31. */
const PUBLIC_START =
  `(?:${FIRST_OCTET}\\.${OCTET}` +
  '|169\\.(?:1?\\d{1,2}|2[0-4]\\d|25[0-35])' +
  '|192\\.(?:\\d{1,2}|1(?:[0-57-9]\\d|6[0-79])|2[0-4]\\d|25[0-5])' +
  '|172\\.(?:\\d|0\\d|1[0-5]|3[2-9]|[4-9]\\d|1\\d\\d|2[0-4]\\d|25[0-5]))';
const PUBLIC_IPV4 = `${PUBLIC_START}\\.${OCTET}\\.(?:[1-9]\\d?|1\\d\\d|2[0-4]\\d|25[0-4])`;
const LABEL = '[a-z0-9\\u{a1}-\\u{ffff}]+';
const HOST = `(?:${LABEL}-)*${LABEL}(?:\\.(?:${LABEL}-)*${LABEL})*\\.[a-z\\u{a1}-\\u{ffff}]{2,}`;

/**
 * ajv-formats' `url`, whose expression backtracks on a long input of `:` (40,000 characters took
 * 3.6 s, growing with the cube), rewritten for RE2. Its lookaheads refusing private addresses
 * become the positive PUBLIC_IPV4; unlike them, a host name that merely starts like a private
 * address (`10.1.2.3.example`) is accepted.
 */
const URL_PATTERN = `^(?:https?|ftp)://(?:\\S+(?::\\S*)?@)?(?:${PUBLIC_IPV4}|${HOST})(?::\\d{2,5})?(?:/\\S*)?$`;

const linearUrl = (() => {
  const compiled = compilePattern(URL_PATTERN, { ignoreCase: true });
  if (isLeft(compiled)) throw new Error(`the url format ${compiled.left}`);
  return compiled.right;
})();

/**
 * Adds ajv-formats' formats, each checked in time linear in the value. Only `url` was not: the
 * others' expressions stay under 60 ms on 60,000 characters of the inputs that hurt them most.
 */
export const withFormats = (ajv: Ajv2020): Ajv2020 => {
  addFormats(ajv);
  ajv.addFormat('url', (value: string) => linearUrl.test(value));
  return ajv;
};
