import { MaxAppendSizeExceededError, UnknownError } from '@eventstore/db-client';
import { expect } from 'chai';
import type { Request, Response } from 'express';
import { AppendTooLargeError, appendSize } from '../../../adapters/eventstore/esdb/appendSize.js';
import { toEventData } from '../../../adapters/eventstore/esdb/envelope.js';
import { esdbEventStore } from '../../../adapters/eventstore/esdb/esdbEventStore.js';
import { readAllPage } from '../../../adapters/eventstore/esdb/logReads.js';
import {
  InvalidPositionError,
  MAX_POSITION,
  toEsdb,
} from '../../../adapters/eventstore/esdb/positions.js';
import { InvalidCursorError } from '../../../adapters/readstore/port.js';
import { position } from '../../../domain/shared/envelope.js';
import { errorHandler } from '../../../src/http/middleware/errorHandler.js';
import type { Logger } from '../../../src/logging/logger.js';
import { newEvent } from '../../support/events.js';
import { fakeClient } from './esdbFakeClient.js';

const MiB = 1024 * 1024;

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

/** The status and body the API answers an error with. */
const answered = (error: unknown) => {
  let status = 0;
  let body = '';
  const res = {
    headersSent: false,
    setHeader: () => res,
    status: (code: number) => ((status = code), res),
    type: () => res,
    send: (text: string) => ((body = text), res),
  };
  const logger = { error: () => undefined } as unknown as Logger;
  const req = { requestId: 'req_test' } as unknown as Request;
  errorHandler(logger)(error, req, res as unknown as Response, () => undefined);
  return { status, body: JSON.parse(body) as { code: string } };
};

describe('EventStoreDB adapter: positions a caller passes in', () => {
  it('refuses positions beyond what the server can read, rather than wrapping them', () => {
    for (const bad of [
      '18446744073709551616',
      '99999999999999999999',
      (MAX_POSITION + 1n).toString(),
    ])
      expect(() => toEsdb(position(bad))).to.throw(InvalidCursorError);
    expect(toEsdb(position(MAX_POSITION))).to.deep.equal({
      commit: MAX_POSITION,
      prepare: MAX_POSITION,
    });
  });

  it('answers a read from above 2^64 with the bad-cursor error, a 400', async () => {
    const { client, reads } = fakeClient([{ at: 100n }]);
    const error = await rejection(
      readAllPage(client, { after: position('18446744073709551616'), limit: 10 }),
    );
    expect(error).to.be.instanceOf(InvalidPositionError);
    expect(reads).to.deep.equal([]);
    expect(answered(error)).to.deep.include({ status: 400 });
    expect(answered(error).body.code).to.equal('validation_failed');
  });

  it('answers a read from inside a record, a position never issued, with a 400', async () => {
    const { client } = fakeClient([{ at: 100n }, { at: 250n }]);
    const error = await rejection(readAllPage(client, { after: position(101), limit: 10 }));
    expect(error).to.be.instanceOf(InvalidPositionError);
    expect(answered(error).status).to.equal(400);
  });

  it('leaves the server failing as it is: not the caller’s fault', async () => {
    const { client } = fakeClient([{ at: 100n }], { brokenLog: true });
    const error = await rejection(readAllPage(client, { after: position(100), limit: 10 }));
    expect(error).to.be.instanceOf(UnknownError);
  });

  it('reads nothing, at the end, from past the head, as the other stores do', async () => {
    const { client } = fakeClient([{ at: 100n }]);
    const page = await readAllPage(client, { after: position(5000), limit: 10 });
    expect(page).to.deep.equal({ events: [], scannedTo: position(5000), atEnd: true });
  });
});

describe('EventStoreDB adapter: the scan budget of a filtered read', () => {
  const spread = (count: number, gap: bigint) =>
    Array.from({ length: count }, (_, i) => ({ at: BigInt(i + 1) * gap, type: 'other.kind' }));

  it('stops at the byte budget and says how far it scanned', async () => {
    const { client } = fakeClient(spread(200, BigInt(MiB)));
    const page = await readAllPage(client, { filter: { type: 'wanted.kind' }, limit: 10 });
    expect(page).to.deep.equal({ events: [], scannedTo: position(64 * MiB), atEnd: false });
    const next = await readAllPage(client, {
      after: page.scannedTo!,
      filter: { type: 'wanted.kind' },
      limit: 10,
    });
    expect(next.scannedTo).to.equal(position(128 * MiB));
  });

  it('stops at the record budget', async () => {
    const { client } = fakeClient(spread(50, 10n));
    const page = await readAllPage(
      client,
      { filter: { type: 'wanted.kind' }, limit: 10 },
      { records: 7, bytes: MiB },
    );
    expect(page).to.deep.equal({ events: [], scannedTo: position(70), atEnd: false });
  });

  it('reaches the end when the log is within budget', async () => {
    const { client } = fakeClient([...spread(5, 10n), { at: 60n, type: 'wanted.kind' }]);
    const page = await readAllPage(client, { filter: { type: 'wanted.kind' }, limit: 10 });
    expect(page.events.map((e) => e.position)).to.deep.equal([position(60)]);
    expect(page).to.deep.include({ scannedTo: position(60), atEnd: true });
  });
});

describe('EventStoreDB adapter: reading backward', () => {
  const log = [
    { at: 10n, type: 'wanted.kind' },
    { at: 20n, type: 'other.kind' },
    { at: 30n, stream: '$stats-1', type: '$statsCollected' },
    { at: 40n, type: 'wanted.kind' },
    { at: 50n, type: 'wanted.kind' },
  ];

  it('reads newest first from the end, leaving out the server’s own records', async () => {
    const { client } = fakeClient(log);
    const page = await readAllPage(client, { direction: 'backward', limit: 3 });
    expect(page.events.map((e) => e.position)).to.deep.equal([50, 40, 20].map(position));
    expect(page).to.deep.include({ scannedTo: position(20), atEnd: false });
    const rest = await readAllPage(client, {
      direction: 'backward',
      before: position(20),
      limit: 3,
    });
    expect(rest.events.map((e) => e.position)).to.deep.equal([position(10)]);
    expect(rest.atEnd).to.equal(true);
  });

  it('filters, and goes on from just before a position', async () => {
    const { client } = fakeClient(log);
    const page = await readAllPage(client, {
      direction: 'backward',
      before: position(50),
      filter: { type: 'wanted.kind' },
      limit: 10,
    });
    expect(page.events.map((e) => e.position)).to.deep.equal([40, 10].map(position));
    expect(page.atEnd).to.equal(true);
  });

  it('answers a read from inside a record with a 400, and stops at its byte budget', async () => {
    const { client } = fakeClient(log);
    const error = await rejection(
      readAllPage(client, { direction: 'backward', before: position(41), limit: 1 }),
    );
    expect(answered(error).status).to.equal(400);
    const spread = Array.from({ length: 200 }, (_, i) => ({
      at: BigInt(i + 1) * BigInt(MiB),
      type: 'other.kind',
    }));
    const far = await readAllPage(fakeClient(spread).client, {
      direction: 'backward',
      filter: { type: 'wanted.kind' },
      limit: 10,
    });
    expect(far).to.deep.equal({ events: [], scannedTo: position(136 * MiB), atEnd: false });
  });
});

describe('EventStoreDB adapter: appends over the server’s size limit', () => {
  it('counts what the server counts: data, metadata, and the type at two bytes a character', () => {
    const event = toEventData(newEvent('a.b', { text: 'é' }));
    const metadata = Buffer.byteLength(JSON.stringify(event.metadata));
    expect(appendSize([event])).to.equal(Buffer.byteLength('{"text":"é"}') + metadata + 6);
  });

  it('refuses an event near 1 MiB before sending it, with a 413', async () => {
    const { client, appends } = fakeClient();
    const store = esdbEventStore(client);
    const event = newEvent('test.happened', { blob: 'x'.repeat(MiB - 20) });
    const error = await rejection(store.append('s-big', [event], 'any'));
    expect(error).to.be.instanceOf(AppendTooLargeError);
    expect(error).to.deep.include({ stream: 's-big', limit: MiB });
    expect(appends).to.deep.equal([]);
    expect(answered(error).status).to.equal(413);
    expect(answered(error).body.code).to.equal('payload_too_large');
  });

  it('gives the server’s own refusal the same 413', async () => {
    const { client } = fakeClient([], {
      append: () => {
        throw MaxAppendSizeExceededError.fromMaxAppendSize(4096);
      },
    });
    const store = esdbEventStore(client, { maxAppendSize: 16 * MiB });
    const error = await rejection(
      store.append('s-mid', [newEvent('test.happened', { blob: 'x'.repeat(8000) })], 'any'),
    );
    expect(error).to.be.instanceOf(AppendTooLargeError);
    expect(error).to.deep.include({ limit: 4096 });
  });
});
