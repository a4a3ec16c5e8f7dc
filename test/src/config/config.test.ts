import { expect } from 'chai';
import express from 'express';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

const failure = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      port: 8080,
      mode: 'embedded',
      maxWaitMs: 30000,
      retryScheduleS: [5, 300, 1800, 7200, 18000, 36000, 36000],
      attemptTimeoutMs: 15000,
      rotationGraceS: 86400,
      disableAfterS: 432000,
      listenerIdleMs: 86_400_000,
      rateLimitRps: 100,
      allowHttpUrls: false,
      allowPrivateUrls: false,
      adminKey: undefined,
      dev: false,
      host: '0.0.0.0',
    });
    expect(config.dataDir).to.match(/\/data$/);
  });

  it('in development mode allows http and private URLs and listens on 127.0.0.1, unless told otherwise', () => {
    expect(loadConfig({ SLUICE_DEV: 'true' })).to.deep.include({
      dev: true,
      host: '127.0.0.1',
      allowHttpUrls: true,
      allowPrivateUrls: true,
    });
    const set = { SLUICE_DEV: 'true', HOST: '0.0.0.0', SLUICE_ALLOW_PRIVATE_URLS: 'false' };
    expect(loadConfig(set)).to.deep.include({
      host: '0.0.0.0',
      allowHttpUrls: true,
      allowPrivateUrls: false,
    });
    expect(failure({ SLUICE_DEV: 'yes please' }).message).to.include('SLUICE_DEV');
  });

  it('refuses a bad value, naming the variable and never repeating the value', () => {
    const cases: Array<[string, string]> = [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['SLUICE_MODE', 'cluster'],
      ['SLUICE_MAX_WAIT_MS', '0'],
      ['SLUICE_RETRY_SCHEDULE_S', '5,,10'],
      ['SLUICE_RETRY_SCHEDULE_S', '5,-1'],
      ['SLUICE_ATTEMPT_TIMEOUT_MS', '1.5'],
      ['SLUICE_LISTENER_IDLE_S', '0'],
      ['SLUICE_ALLOW_HTTP_URLS', 'yes please'],
      ['SLUICE_ADMIN_KEY', 'short-secret'],
      ['KAFKA_BROKERS', 'not a broker'],
      ['SLUICE_ENCRYPTION_KEY', 'dG9vIHNob3J0'],
      ['SLUICE_METRICS_TOKEN', 'short-secret'],
      ['SLUICE_TRUSTED_PROXIES', 'proxy.example.com'],
    ];
    for (const [variable, value] of cases) {
      const error = failure({ [variable]: value });
      expect(error.variable, `${variable}=${value}`).to.equal(variable);
      expect(error.message).to.include(variable);
    }
  });

  it('takes trusted proxies in every form express’s trust proxy takes', () => {
    const list = '10.0.0.7, 172.16.0.0/12, ::1, 2001:db8::/32, loopback, linklocal, uniquelocal';
    const { trustedProxies } = loadConfig({ SLUICE_TRUSTED_PROXIES: list });
    expect(trustedProxies).to.have.length(7);
    expect(() => express().set('trust proxy', trustedProxies)).to.not.throw();
    expect(loadConfig({}).trustedProxies).to.deep.equal([]);
  });

  it('never repeats a refused admin key in its message', () => {
    expect(failure({ SLUICE_ADMIN_KEY: 'short-secret' }).message).to.not.include('short-secret');
  });

  it('needs PostgreSQL, or the three servers of the card, in distributed mode', () => {
    expect(failure({ SLUICE_MODE: 'distributed' }).variable).to.equal('SLUICE_ENCRYPTION_KEY');
    const keys = {
      SLUICE_MODE: 'distributed',
      SLUICE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SLUICE_ADMIN_KEY: 'sk_an_admin_key_long_enough_for_the_rule',
    };
    const card = {
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://localhost:27017',
      KAFKA_BROKERS: 'localhost:9092,other:9092',
    };
    const none = failure(keys);
    expect(none.variable).to.equal('POSTGRES_URL');
    expect(none.message).to.include('EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS');
    const postgres = loadConfig({ ...keys, POSTGRES_URL: 'postgres://db/sluice' });
    expect(postgres).to.include({ backend: 'postgres', postgresSchema: 'sluice' });
    const onCard = loadConfig({ ...keys, ...card });
    expect(onCard.backend).to.equal('card');
    expect(onCard.kafkaBrokers).to.deep.equal(['localhost:9092', 'other:9092']);
    // Both sets at once, or an incomplete set: the message names the variables.
    const both = failure({ ...keys, ...card, POSTGRES_URL: 'postgres://db/sluice' });
    expect(both.message).to.include('EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS');
    const partial = failure({ ...keys, EVENTSTORE_URL: card.EVENTSTORE_URL });
    expect(partial.variable).to.equal('MONGO_URL, KAFKA_BROKERS');
    expect(
      failure({ ...keys, POSTGRES_URL: 'x', SLUICE_POSTGRES_SCHEMA: 'Bad-Name' }).variable,
    ).to.equal('SLUICE_POSTGRES_SCHEMA');
  });

  it('runs every role by default, and takes a list of roles in the distributed mode', () => {
    expect(loadConfig({}).roles).to.deep.equal([
      'api',
      'projector',
      'relay',
      'dispatcher',
      'executor',
    ]);
    const distributed = {
      SLUICE_MODE: 'distributed',
      SLUICE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SLUICE_ADMIN_KEY: 'sk_an_admin_key_long_enough_for_the_rule',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGO_URL: 'mongodb://localhost:27017',
      KAFKA_BROKERS: 'localhost:9092',
    };
    expect(loadConfig({ ...distributed, SLUICE_ROLES: 'executor, api' }).roles).to.deep.equal([
      'api',
      'executor',
    ]);
    expect(failure({ ...distributed, SLUICE_ROLES: 'api,mailer' }).variable).to.equal(
      'SLUICE_ROLES',
    );
    expect(failure({ SLUICE_ROLES: 'api' }).variable).to.equal('SLUICE_ROLES');
  });
});
