CREATE TABLE `retired_usernames` (
	`username` text PRIMARY KEY NOT NULL,
	`retired_at` integer NOT NULL
);
--> statement-breakpoint
-- A deleted account's name is kept, and never given to another account (decision 0040).
CREATE TRIGGER `users_retire_username` AFTER DELETE ON `users`
BEGIN
  INSERT OR IGNORE INTO `retired_usernames` (`username`, `retired_at`)
  VALUES (OLD.`username`, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `users_refuse_retired_username` BEFORE INSERT ON `users`
WHEN EXISTS (SELECT 1 FROM `retired_usernames` WHERE `username` = NEW.`username`)
BEGIN
  SELECT RAISE(ABORT, 'username_retired');
END;
