"""Turn notices: who is told, by which channel (webhook, ntfy, Web Push), and their settings."""
