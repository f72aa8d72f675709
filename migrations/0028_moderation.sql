CREATE TABLE `hidden_blocks` (
	`block_id` integer PRIMARY KEY NOT NULL,
	`action_id` integer NOT NULL,
	FOREIGN KEY (`action_id`) REFERENCES `moderation_actions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`board_id` integer NOT NULL,
	`moderator_id` integer,
	`action` text NOT NULL,
	`block_id` integer,
	`note` text NOT NULL,
	`board_was_public` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_board` ON `moderation_actions` (`board_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`board_id` integer NOT NULL,
	`block_id` integer,
	`reason` text NOT NULL,
	`comment` text,
	`snapshot` text NOT NULL,
	`reporter_key` text NOT NULL,
	`from_server` text,
	`action_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`board_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`action_id`) REFERENCES `moderation_actions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`created_at`) WHERE "reports"."action_id" IS NULL;--> statement-breakpoint
CREATE INDEX `reports_board` ON `reports` (`board_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_once` ON `reports` (`board_id`,`reporter_key`) WHERE "reports"."action_id" IS NULL;--> statement-breakpoint
ALTER TABLE `notifications` ADD `moderation_action_id` integer REFERENCES moderation_actions(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `users` ADD `is_moderator` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `kept_off_discover` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A block a moderator hid stays hidden whoever writes it (its owner, a source). Deleted and
-- restored, it comes back as it was: hidden.
CREATE TRIGGER `blocks_moderated_stay_hidden_on_update` AFTER UPDATE OF `is_visible` ON `blocks`
WHEN NEW.`is_visible` = 1 AND EXISTS (SELECT 1 FROM `hidden_blocks` WHERE `block_id` = NEW.`id`)
BEGIN
  UPDATE `blocks` SET `is_visible` = 0 WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- A suspended board stays private until a moderator unsuspends it (clearing suspended_at).
CREATE TRIGGER `users_suspended_stay_private` AFTER UPDATE OF `is_public` ON `users`
WHEN NEW.`is_public` = 1 AND NEW.`suspended_at` IS NOT NULL
BEGIN
  UPDATE `users` SET `is_public` = 0 WHERE `id` = NEW.`id`;
END;
