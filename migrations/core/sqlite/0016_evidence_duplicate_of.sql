-- A duplicate report (the same grab, download or import of a torrent within 60 s) points at the
-- report it repeats instead of keeping its own copy of the body: its payload is stored empty.
ALTER TABLE evidence ADD COLUMN duplicate_of INTEGER REFERENCES evidence (id);
