import type { users } from '../schema/tables';
import type { Db } from './services/db';

export type UserRow = typeof users.$inferSelect;

export type AppEnv = {
  Bindings: Env;
  Variables: {
    viewer: UserRow | null;
    /** This request's D1 session (worker/middleware/database-session.ts). */
    db: Db;
    /** Where this request's statements have reached in the database, once it has run any. */
    reachedBookmark: () => string | null;
  };
};
