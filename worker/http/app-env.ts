import type { UserRow } from '../domain/account/users';
import type { Db } from '../platform/db';

export type AppEnv = {
  Bindings: Env;
  Variables: {
    viewer: UserRow | null;
    /** This request's D1 session (worker/http/middleware/database-session.ts). */
    db: Db;
    /** Where this request's statements have reached in the database, once it has run any. */
    reachedBookmark: () => string | null;
    /** The board changes this write committed (worker/http/middleware/board-changes.ts). */
    recordedChanges?: number[];
  };
};
