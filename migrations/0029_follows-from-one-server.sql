-- How many follows one server sends a board is limited; past that, a follow waits for the owner.
ALTER TABLE `fediverse_followers` ADD `actor_host` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `fediverse_followers` ADD `waiting` integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE `fediverse_followers`
SET `actor_host` = lower(substr(
  substr(`actor_id`, instr(`actor_id`, '://') + 3), 1,
  instr(substr(`actor_id`, instr(`actor_id`, '://') + 3) || '/', '/') - 1
));
--> statement-breakpoint
CREATE INDEX `fediverse_followers_user_host` ON `fediverse_followers` (`user_id`,`actor_host`,`created_at`);
