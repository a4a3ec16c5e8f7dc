import { expect } from 'chai';
import { DeadlineExceededError, UnavailableError, AccessDeniedError } from '@eventstore/db-client';
import kafkajs from 'kafkajs';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { isPassingStoreFault } from '../../../adapters/storeFaults.js';

// kafkajs is CommonJS: its error classes come with its default export.
const { KafkaJSConnectionError, KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded } =
  kafkajs;

/** A gRPC status as the EventStoreDB client receives it. */
const grpcStatus = (code: number, details: string) =>
  ({ code, details, message: `${code} ${details}`, metadata: { getMap: () => ({}) } }) as never;

describe('store faults that pass, as each deployment’s client raises them', () => {
  it('knows PostgreSQL’s cut connections and its shutdown', () => {
    const terminated = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(isPassingStoreFault(terminated)).to.equal(true);
    expect(isPassingStoreFault(new Error('Connection terminated unexpectedly'))).to.equal(true);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isPassingStoreFault(unique)).to.equal(false);
  });

  it('knows EventStoreDB’s unavailable and deadline errors, and not a refusal', () => {
    expect(isPassingStoreFault(new UnavailableError(grpcStatus(14, 'down')))).to.equal(true);
    expect(isPassingStoreFault(new DeadlineExceededError(grpcStatus(4, 'slow')))).to.equal(true);
    const denied = new AccessDeniedError(grpcStatus(7, 'denied'));
    expect(isPassingStoreFault(denied)).to.equal(false);
  });

  it('knows MongoDB’s network errors and its retryable labels, and not a server’s refusal', () => {
    expect(isPassingStoreFault(new MongoNetworkError('connection reset'))).to.equal(true);
    const retryable = new MongoServerError({ message: 'not primary', code: 10107 });
    retryable.addErrorLabel('RetryableWriteError');
    expect(isPassingStoreFault(retryable)).to.equal(true);
    const duplicate = new MongoServerError({ message: 'E11000 duplicate key', code: 11000 });
    expect(isPassingStoreFault(duplicate)).to.equal(false);
  });

  it('knows Kafka’s connection errors, also as the cause of retries given up, and not the others', () => {
    const refused = new KafkaJSConnectionError('Connection error: ECONNREFUSED');
    expect(isPassingStoreFault(refused)).to.equal(true);
    const gaveUp = new KafkaJSNumberOfRetriesExceeded(refused, { retryCount: 5, retryTime: 100 });
    expect(isPassingStoreFault(gaveUp)).to.equal(true);
    expect(isPassingStoreFault(new KafkaJSNonRetriableError('bad topic'))).to.equal(false);
  });

  it('leaves the program’s own errors alone', () => {
    expect(isPassingStoreFault(new TypeError('x is undefined'))).to.equal(false);
    expect(isPassingStoreFault('a string')).to.equal(false);
  });
});
