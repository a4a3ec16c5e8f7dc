import { expect } from 'chai';
import { sqliteDocTable } from '../../../adapters/readstore/sqlite/docTable.js';
import { createCollectionTable, layoutOf } from '../../../adapters/readstore/sqlite/layout.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { CollectionSpec } from '../../../projections/projection.js';

const spec: CollectionSpec = {
  name: 'messages',
  indexes: [
    ['endpoint_id', 'created_at'],
    ['endpoint_id', 'status', 'created_at'],
  ],
};

/** A document written back after being read sets only the columns that changed. */
describe('SQLite read store: a table of documents', () => {
  let db: SqliteDatabase;
  const rowOf = (id: string) =>
    db
      .prepare('SELECT doc, f_endpoint_id, f_status, f_created_at FROM rm_messages_g1 WHERE id = ?')
      .get(id) as Record<string, unknown>;

  beforeEach(() => {
    db = openSqlite({ file: ':memory:' });
    createCollectionTable(db, spec, 1);
  });
  afterEach(() => db.close());

  it('keeps every column in step with the document it writes back', () => {
    const table = sqliteDocTable(db, 'rm_messages_g1', layoutOf(spec)).patching;
    table.write({ id: 'm1', endpoint_id: 'we_1', status: 'pending', created_at: '2026-01-01' });
    const doc = table.read('m1')!;
    doc.status = 'succeeded';
    doc.attempts = 1;
    table.write(doc);
    expect(rowOf('m1')).to.deep.include({
      f_endpoint_id: 'we_1',
      f_status: 'succeeded',
      f_created_at: '2026-01-01',
    });
    expect(JSON.parse(rowOf('m1').doc as string)).to.deep.equal(doc);
    const byStatus = db
      .prepare("SELECT id FROM rm_messages_g1 WHERE f_endpoint_id = 'we_1' AND f_status = ?")
      .all('succeeded');
    expect(byStatus).to.deep.equal([{ id: 'm1' }]);
  });

  it('writes the whole row when the row changed after the document was read', () => {
    const table = sqliteDocTable(db, 'rm_messages_g1', layoutOf(spec)).patching;
    table.write({ id: 'm1', endpoint_id: 'we_1', status: 'pending', created_at: '2026-01-01' });
    const doc = table.read('m1')!;
    // Another write moves the row to another endpoint meanwhile; the document read says we_1.
    table.write({ id: 'm1', endpoint_id: 'we_2', status: 'pending', created_at: '2026-01-01' });
    doc.status = 'failed';
    table.write(doc);
    expect(rowOf('m1')).to.deep.include({ f_endpoint_id: 'we_1', f_status: 'failed' });
    expect(JSON.parse(rowOf('m1').doc as string)).to.deep.equal(doc);
  });

  it('writes a document read and then deleted as a new row', () => {
    const table = sqliteDocTable(db, 'rm_messages_g1', layoutOf(spec)).patching;
    table.write({ id: 'm1', endpoint_id: 'we_1', status: 'pending', created_at: '2026-01-01' });
    const doc = table.read('m1')!;
    table.remove('m1');
    doc.status = 'succeeded';
    table.write(doc);
    expect(rowOf('m1')).to.deep.include({ f_endpoint_id: 'we_1', f_status: 'succeeded' });
  });
});
