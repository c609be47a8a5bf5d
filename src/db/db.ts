import { AppDb } from './app-db';

/** The single database instance of the app. */
export const db = new AppDb();
