CREATE INDEX `users_suspended` ON `users` (`suspended_at`) WHERE "users"."suspended_at" IS NOT NULL;
