import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { keepStatements } from '../../server/src/db/sqlite-statements';

describe('SQLite statements kept between queries', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer)');
    return sqlite;
  };

  it('hands back the statement prepared before for the same SQL, and answers as a fresh one would', () => {
    const db = keepStatements(open());
    const insert = db.prepare('insert into t (n) values (?)');
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run([1]);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('lets the least recently used go when full', () => {
    const db = keepStatements(open(), 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3'); // 'select 2' was used least recently
    expect(db.prepare('select 1')).toBe(a);
    const b = db.prepare('select 2');
    expect(db.prepare('select 2')).toBe(b);
  });

  it('never hands out a statement still iterating', () => {
    const db = keepStatements(open());
    db.prepare('insert into t (n) values (1), (2)').run([]);
    const rows = db.prepare('select n from t').iterate([]);
    rows.next();
    const other = db.prepare('select n from t');
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
  });
});
