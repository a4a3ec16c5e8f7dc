import type { Response } from 'express';
import { OpenedJson } from '../payloads/openedJson.js';

/**
 * How deep into an answer its lists and objects are written part by part: an answer's own fields
 * and the members of its lists (a list's items, an instance's steps). Below that, each part is
 * one JSON.stringify: a part is as large as an item, which the API bounds.
 */
const SPLIT_DEPTH = 2;
/** Written to the socket (and the event loop given a turn) each time this much is ready. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The JSON of a value, in parts: lists and objects near the top are opened and closed here, and
 * each of their members made by JSON.stringify on its own. A list of a hundred events of 256 KiB
 * each is then never one string of 25 MiB, nor made in one turn of the event loop.
 */
function* jsonParts(value: unknown, depth = 0): Generator<string> {
  if (value instanceof OpenedJson) {
    yield value.json;
    return;
  }
  if (
    depth >= SPLIT_DEPTH ||
    typeof value !== 'object' ||
    value === null ||
    // A list of numbers or strings is written whole: one part per number would cost more.
    (Array.isArray(value) && (typeof value[0] !== 'object' || value[0] === null))
  ) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* jsonParts(value[i], depth + 1);
    }
    yield ']';
    return;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield JSON.stringify(value);
    return;
  }
  yield '{';
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === 'function') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonParts(member, depth + 1);
  }
  yield '}';
}

const drained = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Sends a value as JSON, streamed: written as it is made, a chunk at a time, waiting for the
 * client to take each when it is slow, and giving the event loop a turn between chunks. A small
 * answer goes out in one write, as `res.json` would send it.
 */
export const sendJson = async (res: Response, value: unknown): Promise<void> => {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  let pending = '';
  let chunks = 0;
  for (const part of jsonParts(value)) {
    pending += part;
    if (pending.length < CHUNK_CHARS) continue;
    if (res.destroyed) return;
    const more = res.write(pending);
    pending = '';
    chunks++;
    if (!more) await drained(res);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  if (chunks === 0) res.setHeader('content-length', Buffer.byteLength(pending));
  res.end(pending);
};
