-- Why a classification came out as it did, as a compact code list (src/classify/explanation):
-- the rule that decided and the facts it read, the ground-truth label and its client, the
-- model's answer. Rendered to sentences when read. NULL for classifications made before it was
-- kept; a re-classification fills it.
ALTER TABLE torrent_classifications ADD COLUMN explanation TEXT;
