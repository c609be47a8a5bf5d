import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

export function messaging(_dialect: DialectName): Migration {
  return { async up(_db: Kysely<unknown>) {} };
}
