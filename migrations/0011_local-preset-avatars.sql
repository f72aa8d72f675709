-- Preset avatars chosen while they came from api.dicebear.com now come from our own origin, drawn
-- by the same style from the same seed: https://api.dicebear.com/9.x/{style}/svg?seed={seed}
-- becomes /api/avatars/{style}/{seed}.svg. A seed with other characters keeps its old address.
UPDATE users
SET avatar = '/api/avatars/'
  || substr(avatar, 30, instr(avatar, '/svg?seed=') - 30)
  || '/'
  || substr(avatar, instr(avatar, '/svg?seed=') + 10)
  || '.svg'
WHERE avatar LIKE 'https://api.dicebear.com/9.x/%/svg?seed=%'
  AND substr(avatar, 30, instr(avatar, '/svg?seed=') - 30) IN ('avataaars', 'lorelei', 'micah')
  AND length(substr(avatar, instr(avatar, '/svg?seed=') + 10)) BETWEEN 1 AND 40
  AND substr(avatar, instr(avatar, '/svg?seed=') + 10) NOT GLOB '*[^A-Za-z0-9_-]*';
