-- Someone followed a board: its owner is told, once per follower (following again tells nothing).
CREATE TRIGGER notify_followed AFTER INSERT ON follows
WHEN NOT EXISTS (
  SELECT 1 FROM notifications
  WHERE recipient_id = NEW.followed_id AND actor_id = NEW.follower_id AND kind = 'followed'
)
BEGIN
  INSERT INTO notifications (recipient_id, kind, actor_id) VALUES (NEW.followed_id, 'followed', NEW.follower_id);
END;
--> statement-breakpoint
-- Someone copied a block for the first time (block_copies holds one row per person and block).
CREATE TRIGGER notify_copied AFTER INSERT ON block_copies
BEGIN
  INSERT INTO notifications (recipient_id, kind, actor_id, block_id)
  SELECT user_id, 'copied', NEW.copier_id, NEW.source_block_id FROM blocks WHERE id = NEW.source_block_id;
END;
