"""docker-compose.yml and the Dockerfile (Docker does not run here: parse and check them)."""
from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_are_postgres_redis_migrate_and_app():
    services = compose()["services"]
    assert {"postgres", "redis", "migrate", "app"} <= set(services)
    assert "postgres" in services["postgres"]["image"] and "redis" in services["redis"]["image"]


def test_app_and_migrate_point_at_postgres_and_redis():
    services = compose()["services"]
    for name in ("app", "migrate"):
        env = services[name]["environment"]
        assert env["ICEHOUSE_DATABASE_URL"].startswith("postgresql+psycopg://")
        assert "@postgres:5432/" in env["ICEHOUSE_DATABASE_URL"]
        assert env["ICEHOUSE_REDIS_URL"].startswith("redis://redis:6379")
        assert services[name]["build"] == "."


def test_migrate_runs_once_before_the_app():
    services = compose()["services"]
    assert services["migrate"]["command"] == ["icehouse", "migrate"]
    assert services["migrate"]["restart"] == "no"
    assert services["app"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert services["app"]["command"][:2] == ["icehouse", "serve"]
    assert any(str(p).endswith(":8000") for p in services["app"]["ports"])


def test_dockerfile_builds_the_package_with_its_migrations():
    text = (ROOT / "Dockerfile").read_text()
    assert "pip install -e ." in text and "COPY migrations" in text and "icehouse" in text
