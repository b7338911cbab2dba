"""The admin's side: browsing and filtering tables, statistics, export and import, sessions."""
