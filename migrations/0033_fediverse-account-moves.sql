CREATE TABLE `fediverse_account_moves` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`also_known_as` text DEFAULT '[]' NOT NULL,
	`moved_to` text,
	`moved_at` integer,
	`moved_in_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
