-- The core admin key the dashboard sends for its own GraphQL operations, made once when
-- CORE_ADMIN_KEY is unset. One row, written with INSERT OR IGNORE, so every process opening this
-- database (a separate core, crawler or CLI) reads the same key. Owned by src/auth.
CREATE TABLE core_admin_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
