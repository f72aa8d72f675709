import type { users } from '../schema/tables';

export type UserRow = typeof users.$inferSelect;

export type AppEnv = {
  Bindings: Env;
  Variables: { viewer: UserRow | null };
};
