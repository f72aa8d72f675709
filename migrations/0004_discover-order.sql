ALTER TABLE `users` ADD `board_updated_at` integer;--> statement-breakpoint
CREATE INDEX `users_discover` ON `users` (`is_public`,`board_updated_at`,`id`);--> statement-breakpoint
-- users.board_updated_at is the latest change to the board's visible blocks, whole milliseconds
-- (the cursor's unit), or null while it shows none. Boards that exist already get theirs now.
UPDATE `users` SET `board_updated_at` = (
  SELECT CAST(max(`updated_at`) AS INTEGER) FROM `blocks`
  WHERE `blocks`.`user_id` = `users`.`id` AND `blocks`.`is_visible` = 1
);--> statement-breakpoint
CREATE TRIGGER `blocks_board_updated_insert` AFTER INSERT ON `blocks`
BEGIN
  UPDATE `users` SET `board_updated_at` = (
    SELECT CAST(max(`updated_at`) AS INTEGER) FROM `blocks`
    WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1
  ) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
-- Only edits that change what visitors see or when: click and copy counts leave the order alone.
CREATE TRIGGER `blocks_board_updated_update` AFTER UPDATE OF `updated_at`, `is_visible` ON `blocks`
BEGIN
  UPDATE `users` SET `board_updated_at` = (
    SELECT CAST(max(`updated_at`) AS INTEGER) FROM `blocks`
    WHERE `user_id` = NEW.`user_id` AND `is_visible` = 1
  ) WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `blocks_board_updated_delete` AFTER DELETE ON `blocks`
BEGIN
  UPDATE `users` SET `board_updated_at` = (
    SELECT CAST(max(`updated_at`) AS INTEGER) FROM `blocks`
    WHERE `user_id` = OLD.`user_id` AND `is_visible` = 1
  ) WHERE `id` = OLD.`user_id`;
END;
