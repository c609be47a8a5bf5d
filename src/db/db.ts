import { AppDb } from './app-db';
import { signedInRowsOnly } from './signed-in-rows';

/** The single database instance of the app; an account's rows are written only while it is signed in. */
export const db = new AppDb();
db.use(signedInRowsOnly);
