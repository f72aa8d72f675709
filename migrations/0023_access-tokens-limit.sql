-- An account holds at most 20 personal access tokens (maxAccessTokens in schema/access-tokens.ts).
-- Checked by the database so that two tokens made at once cannot pass it.
CREATE TRIGGER `personal_access_tokens_limit` BEFORE INSERT ON `personal_access_tokens`
WHEN (SELECT count(*) FROM `personal_access_tokens` WHERE `user_id` = NEW.`user_id`) >= 20
BEGIN
  SELECT RAISE(ABORT, 'access_tokens_full');
END;
