CREATE TABLE `fediverse_outboxes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`announced_up_to` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `fediverse_followers` ADD `delivery_inbox` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `fediverse_followers_user_delivery` ON `fediverse_followers` (`user_id`,`delivery_inbox`);