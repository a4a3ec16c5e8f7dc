import { expect } from 'chai';
import type { DataKeys } from '../../../src/payloads/dataKeys.js';
import { dataKeys } from '../../../src/payloads/dataKeys.js';
import { isSealed } from '../../../src/payloads/payloadCipher.js';
import { openEvents, sealEvents, unreadableOf } from '../../../src/payloads/sealedEvents.js';
import type { KeysFolder } from './payloadFixtures.js';
import {
  MARKER,
  attemptEvent,
  businessEvent,
  keysFolder,
  recorded,
  rejection,
} from './payloadFixtures.js';

const NOW = new Date('2026-01-01T10:00:00.000Z');
const ANSWER = `{"ok":true,"note":"${MARKER}"}`;
const dataOf = (event: { data: unknown }) => event.data as Record<string, unknown>;

describe('Sealed events', () => {
  let folder: KeysFolder;
  let keys: DataKeys;

  beforeEach(() => {
    folder = keysFolder();
    keys = dataKeys(folder.store, folder.master);
  });
  afterEach(() => folder.close());

  describe('a business event', () => {
    const stream = 'event-evt_1';
    const original = businessEvent('m_1', 'evt_1');

    it('is sealed without its payload in clear, and opens as it was', async () => {
      const [sealed] = await sealEvents(keys, stream, [original], NOW);
      expect(JSON.stringify(sealed)).to.not.include(MARKER);
      const { data: payload, ...clear } = dataOf(sealed!);
      const { data: _, ...originalClear } = dataOf(original);
      expect(clear, 'ids, merchant and channels stay clear').to.deep.equal(originalClear);
      expect(isSealed(payload)).to.equal(true);
      expect({ ...sealed, data: original.data }).to.deep.equal(original);

      const [opened] = await openEvents(keys, recorded(stream, [sealed!]));
      expect(opened).to.deep.equal(recorded(stream, [original])[0]);
    });

    it('is opened once for every subscription handed the same event, the same opened event to each', async () => {
      const sealed = recorded(stream, await sealEvents(keys, stream, [original], NOW));
      let lookups = 0;
      const counted: DataKeys = {
        ...keys,
        lookup: (id) => {
          lookups++;
          return keys.lookup(id);
        },
      };
      const [first] = await openEvents(counted, sealed);
      const [second] = await openEvents(counted, sealed);
      expect(lookups).to.equal(1);
      expect(second).to.equal(first);
      // A copy read again from the log is another event: opened anew.
      const [again] = await openEvents(counted, recorded(stream, sealed));
      expect(lookups).to.equal(2);
      expect(again).to.deep.equal(first);
    });

    it('is not sealed twice', async () => {
      const once = await sealEvents(keys, stream, [original], NOW);
      expect(await sealEvents(keys, stream, once, NOW)).to.deep.equal(once);
    });

    it("says it was erased once its merchant's keys are destroyed", async () => {
      const sealed = await sealEvents(keys, stream, [original], NOW);
      await keys.erase('m_1', NOW);
      const [opened] = await openEvents(keys, recorded(stream, sealed));
      expect(opened!.data).to.deep.equal({ ...dataOf(original), data: null, erased: true });
      expect(unreadableOf(opened!.data as object)).to.equal('erased');
    });

    it('says its data expired once its period is past the retention', async () => {
      const sealed = await sealEvents(keys, stream, [original], NOW);
      expect(await keys.expire(new Date('2026-03-01T00:00:00.000Z'), 86_400_000)).to.equal(1);
      const [opened] = await openEvents(keys, recorded(stream, sealed));
      expect(opened!.data).to.deep.equal({ ...dataOf(original), data: null, data_expired: true });
      expect(unreadableOf(opened!.data as object)).to.equal('expired');
    });

    it('does not open when its sealed payload is copied onto another event', async () => {
      const [first] = await sealEvents(keys, stream, [original], NOW);
      const other = businessEvent('m_1', 'evt_2');
      const copied = { ...other, data: { ...dataOf(other), data: dataOf(first!).data } };
      await rejection(openEvents(keys, recorded('event-evt_2', [copied])));
    });
  });

  describe('an attempt', () => {
    const stream = 'delivery-evt_1-ep_1';

    it("is sealed without the receiver's answer in clear, and opens as it was", async () => {
      const original = attemptEvent('m_1', ANSWER);
      const [sealed] = await sealEvents(keys, stream, [original], NOW);
      expect(JSON.stringify(sealed)).to.not.include(MARKER);
      expect(dataOf(sealed!).response_body).to.equal(null);
      expect(isSealed(dataOf(sealed!).sealed_response_body)).to.equal(true);

      // Opened for whoever shows answers; left sealed for the workers, which only count them.
      const [opened] = await openEvents(keys, recorded(stream, [sealed!]), { attempts: true });
      expect(opened).to.deep.equal(recorded(stream, [original])[0]);
      const [left] = await openEvents(keys, recorded(stream, [sealed!]));
      expect(left).to.deep.equal(recorded(stream, [sealed!])[0]);
    });

    it("has no answer once its merchant's keys are destroyed", async () => {
      const original = attemptEvent('m_1', ANSWER);
      const sealed = await sealEvents(keys, stream, [original], NOW);
      await keys.erase('m_1', NOW);
      const [opened] = await openEvents(keys, recorded(stream, sealed), { attempts: true });
      expect(opened!.data).to.deep.equal({ ...dataOf(original), response_body: null });
    });

    it('without an answer, is kept as it is', async () => {
      const original = attemptEvent('m_1', null);
      expect(await sealEvents(keys, stream, [original], NOW)).to.deep.equal([original]);
    });
  });

  it('leaves other events as they are, and seals each payload of a batch', async () => {
    const other = { ...attemptEvent('m_1', MARKER), type: 'delivery.planned' };
    const attempts = [attemptEvent('m_1', ANSWER), attemptEvent('m_2', ANSWER)];
    const sealed = await sealEvents(keys, 'delivery-1', [other, ...attempts], NOW);
    expect(sealed[0]).to.deep.equal(other);
    expect(JSON.stringify(sealed.slice(1))).to.not.include(MARKER);
    expect(
      await openEvents(keys, recorded('delivery-1', sealed), { attempts: true }),
    ).to.deep.equal(recorded('delivery-1', [other, ...attempts]));
  });
});
