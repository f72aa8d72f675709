-- Discover's news order holds the listed boards only: a public board not yet established (an
-- address never proven) or kept off Discover was a row the walk read and skipped, so 100,000 of
-- them with the latest news made the first page read 100,000 rows before the 25 it shows.
DROP INDEX `users_discover_activity`;--> statement-breakpoint
CREATE INDEX `users_discover_listed` ON `users` (`last_activity_at`,`id`) WHERE "users"."is_public" = 1 AND "users"."established_at" IS NOT NULL AND "users"."kept_off_discover" = 0 AND "users"."last_activity_at" IS NOT NULL;
