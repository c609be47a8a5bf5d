import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DialectName } from './database';

/** An auto-incrementing integer primary key on either dialect. */
export function withId<T extends string>(dialect: DialectName, table: CreateTableBuilder<T, never>, name = 'id') {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds need 64 bits on PostgreSQL; SQLite integers are 64-bit already. */
export function bigint(dialect: DialectName): 'bigint' | 'integer' {
  return dialect === 'postgres' ? 'bigint' : 'integer';
}

export type ColumnFn = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
export const notNull: ColumnFn = (c) => c.notNull();
export const zero: ColumnFn = (c) => c.notNull().defaultTo(0);
export const empty: ColumnFn = (c) => c.notNull().defaultTo('');
