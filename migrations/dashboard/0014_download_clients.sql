-- Download clients the operator sends torrents to (issue 33): qBittorrent's WebUI API or
-- Transmission's RPC. The password is kept as the client needs it; answers and the audit log
-- show it masked.
CREATE TABLE download_clients (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('qbittorrent', 'transmission')),
  url TEXT NOT NULL,
  username TEXT,
  password TEXT,
  -- qBittorrent's category, Transmission's label; NULL leaves the client's default.
  category TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- "Send to <name>" must name one client.
CREATE UNIQUE INDEX download_clients_by_name ON download_clients (name COLLATE NOCASE);
