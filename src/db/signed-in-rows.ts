import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTransaction, Middleware } from 'dexie';

/**
 * The tables of one account's rows (a `profile_id` each), which its sign-out wipes (session-store.ts);
 * the outbox's tables are not among them: queued sends stay for their account (docs/product.md#stored-on-the-device).
 */
export const ACCOUNT_TABLES = [
  'users',
  'listItems',
  'listState',
  'groups',
  'contacts',
  'drafts',
  'draftSheets',
  'clientLists',
  'optOutLists',
  'overviews',
  'developerData',
  'templates',
  'statements',
] as const;

const SESSION = 'session';
const isAccountTable = (name: string) => (ACCOUNT_TABLES as readonly string[]).includes(name);

/**
 * An account's rows are written only while it is the signed-in one: an answer that lands after its
 * sign-out, or after another account signed in (another tab), is dropped, never written back.
 * The session is read in the write's own transaction, so a sign-out comes wholly before the write
 * (dropped) or after it (wiped). Deletions always pass; an upgrade's rewrite is not checked.
 */
export const signedInRowsOnly: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'SignedInRowsOnly',
  create(down) {
    const checked = new WeakSet<DBCoreTransaction>();
    const session = down.table(SESSION);
    return {
      ...down,
      transaction(stores, mode, options) {
        if (mode !== 'readwrite' || !stores.some(isAccountTable)) return down.transaction(stores, mode, options);
        const trans = down.transaction(stores.includes(SESSION) ? stores : [...stores, SESSION], mode, options);
        checked.add(trans);
        return trans;
      },
      table(name) {
        const table = down.table(name);
        if (!isAccountTable(name)) return table;
        const keyOf = (row: unknown) => table.schema.primaryKey.extractKey!(row);
        const mutate = (req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> => {
          if ((req.type !== 'put' && req.type !== 'add') || !checked.has(req.trans)) return table.mutate(req);
          const { values } = req;
          return session
            .get({ trans: req.trans, key: 'current' })
            .then((current: { profile_id: number } | undefined) => {
              const others = values.filter((row: { profile_id?: number }) => row.profile_id !== current?.profile_id);
              if (others.length === 0) return table.mutate(req);
              if (others.length < values.length) throw new Error(`A write to ${name} mixed several accounts' rows`);
              const results = values.map(keyOf);
              return { numFailures: 0, failures: {}, results, lastResult: results[results.length - 1] };
            });
        };
        return { ...table, mutate };
      },
    };
  },
};
