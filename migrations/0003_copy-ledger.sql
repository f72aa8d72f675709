-- Copies made before the ledger existed count as made: each stays counted once.
INSERT OR IGNORE INTO `block_copies` (`source_block_id`, `copier_id`)
SELECT `copied_from_block_id`, `user_id` FROM `blocks` WHERE `copied_from_block_id` IS NOT NULL;
--> statement-breakpoint
-- A block's copy count grows with its ledger: a person who copies it again after deleting their
-- copy adds no row, so adds nothing to the count.
CREATE TRIGGER `block_copies_count` AFTER INSERT ON `block_copies`
BEGIN
  UPDATE `blocks` SET `copy_count` = `copy_count` + 1 WHERE `id` = NEW.`source_block_id`;
END;
--> statement-breakpoint
-- "Send me updates" counts only once the address confirms it; earlier ticks were never confirmed.
UPDATE `users` SET `email_opt_in` = false;
