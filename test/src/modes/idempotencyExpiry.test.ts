import { expect } from 'chai';
import { openEmbeddedStores } from '../../../src/modes/embeddedStores.js';
import { hashedKeys } from '../../../src/payloads/sealingIdempotency.js';
import { startTestService } from '../../support/testService.js';
import { tempDir } from '../../support/tempDir.js';

describe('the embedded server and old idempotency keys', () => {
  it('drops keys older than a day when it starts', async () => {
    const dir = tempDir();
    const stores = await openEmbeddedStores(
      { dataDir: dir.path, sqliteSynchronous: 'normal' },
      { holder: 'the test', onLockLost: () => undefined },
    );
    const dayAndHourAgo = new Date(Date.now() - 25 * 3600_000);
    const hourAgo = new Date(Date.now() - 3600_000);
    // Kept as the service keeps them: hashed.
    const kept = hashedKeys(stores.idempotency);
    await kept.reserve('key_a', 'old', 'fingerprint', dayAndHourAgo);
    await kept.reserve('key_a', 'recent', 'fingerprint', hourAgo);
    await stores.close();

    const service = await startTestService({}, { dataDir: dir.path });
    try {
      const { idempotency } = service.services;
      // Reserving with another fingerprint is refused while the key is kept, granted once it is gone.
      let old = await idempotency.reserve('key_a', 'old', 'other', new Date());
      for (let i = 0; i < 50 && old.kind !== 'reserved'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        old = await idempotency.reserve('key_a', 'old', 'other', new Date());
      }
      expect(old.kind).to.equal('reserved');
      expect((await idempotency.reserve('key_a', 'recent', 'other', new Date())).kind).to.equal(
        'mismatch',
      );
    } finally {
      await service.stop();
      dir.remove();
    }
  });
});
