import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

export function phonebookAndPayments(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('groups'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('groupname', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .execute();
      // One book name per owner, without regard to case; also the owner's list index.
      await db.schema
        .createIndex('groups_owner_name')
        .on('groups')
        .expression(sql`${sql.ref('profile_id')}, lower(${sql.ref('groupname')})`)
        .unique()
        .execute();

      await withId(dialect, db.schema.createTable('contacts'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('firstname', 'text', empty)
        .addColumn('middlename', 'text', empty)
        .addColumn('surname', 'text', empty)
        .addColumn('email', 'text', empty)
        .addColumn('phonenumber', 'text', empty)
        .addColumn('birthday', 'text', empty)
        .addColumn('referencekey', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .execute();
      await db.schema.createIndex('contacts_group').on('contacts').columns(['group_id', 'id']).execute();
      // Birthday sends and personalisation look contacts up by owner and number.
      await db.schema
        .createIndex('contacts_owner_number')
        .on('contacts')
        .columns(['profile_id', 'phonenumber'])
        .execute();
      // numbers/ pages through the distinct numbers of every book.
      await db.schema.createIndex('contacts_number').on('contacts').column('phonenumber').execute();

      await withId(dialect, db.schema.createTable('payments'))
        .addColumn('paymentid', 'text', (c) => c.notNull().unique())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('amount', 'double precision', zero)
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GHS'))
        .addColumn('date', ms, notNull)
        .addColumn('previousbalance', 'double precision', zero)
        .addColumn('balanceadded', 'double precision', zero)
        .addColumn('newbalance', 'double precision', zero)
        .addColumn('paymentassist', 'text', empty)
        .addColumn('description', 'text', empty)
        .addColumn('searchtext', 'text', empty)
        .execute();
      await db.schema.createIndex('payments_owner_date').on('payments').columns(['profile_id', 'date', 'id']).execute();

      await db.schema
        .createTable('checkouts')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('profile_id', 'integer', notNull)
        .addColumn('seller_id', 'integer', notNull)
        .addColumn('amount', 'double precision', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('credits', 'double precision', notNull)
        .addColumn('rate', 'double precision', notNull)
        .addColumn('expiry_years', 'double precision', notNull)
        .addColumn('title', 'text', empty)
        .addColumn('description', 'text', empty)
        .addColumn('status', 'text', notNull)
        .addColumn('created_at', ms, notNull)
        .addColumn('expires_at', ms, notNull)
        .addColumn('settled_at', ms)
        .execute();
      await db.schema.createIndex('checkouts_owner').on('checkouts').columns(['profile_id', 'created_at']).execute();
    },
  };
}
