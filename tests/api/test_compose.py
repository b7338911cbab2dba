"""docker-compose.yml, deploy/nginx.conf and the Dockerfile (no Docker engine runs here: parse and check them).

The compose file runs PostgreSQL, Redis, a one-shot migrate job, two app instances (more with --scale) and
nginx in front of them, passing WebSocket upgrades."""
from __future__ import annotations

import ipaddress
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def nginx() -> str:
    return (ROOT / "deploy" / "nginx.conf").read_text()


def directives(text: str) -> list[str]:
    """The conf's statements without comments, whitespace squeezed."""
    text = re.sub(r"#[^\n]*", "", text)
    return [" ".join(s.split()) for s in re.split(r"[;{}]", text) if s.strip()]


def test_services_are_postgres_redis_migrate_app_and_a_proxy():
    services = compose()["services"]
    assert {"postgres", "redis", "migrate", "app", "proxy"} <= set(services)
    assert "postgres" in services["postgres"]["image"] and "redis" in services["redis"]["image"]
    assert services["proxy"]["image"].startswith("nginx:")


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
    assert services["app"]["command"] == ["icehouse", "serve", "--host", "0.0.0.0", "--port", "8000"]


def test_two_app_instances_behind_the_proxy_only():
    services = compose()["services"]
    app, proxy = services["app"], services["proxy"]
    assert app["deploy"]["replicas"] >= 2
    assert "ports" not in app and "container_name" not in app  # replicas cannot share a host port or a name
    assert "8000" in [str(p) for p in app["expose"]]
    assert proxy["ports"] == ["8000:80"]
    assert proxy["depends_on"]["app"]["condition"] == "service_healthy"
    assert "/api/games" in " ".join(app["healthcheck"]["test"])
    # a graceful stop: the instance closes its sockets with 1012 and clients reconnect to another
    assert app["stop_signal"] == "SIGTERM" and int(app["stop_grace_period"].rstrip("s")) >= 10


def test_the_app_believes_forwarded_headers_from_the_compose_network_only():
    config = compose()
    subnet = ipaddress.ip_network(config["networks"]["default"]["ipam"]["config"][0]["subnet"])
    trusted = [ipaddress.ip_network(x.strip()) for x in
               config["services"]["app"]["environment"]["ICEHOUSE_TRUSTED_PROXIES"].split(",")]
    assert trusted == [subnet] and subnet.is_private


def test_the_proxy_mounts_the_nginx_conf():
    volumes = compose()["services"]["proxy"]["volumes"]
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in volumes
    assert (ROOT / "deploy" / "nginx.conf").is_file()


def test_nginx_passes_websocket_upgrades_to_every_instance():
    text = nginx()
    assert text.count("{") == text.count("}")
    said = directives(text)
    assert "proxy_http_version 1.1" in said
    assert "proxy_set_header Upgrade $http_upgrade" in said
    assert "proxy_set_header Connection $connection_upgrade" in said
    assert "map $http_upgrade $connection_upgrade" in said and "default upgrade" in said
    # every instance of the service, found again when it is scaled
    assert any(s.startswith("server app:8000") and " resolve" in s for s in said)
    assert any(s.startswith("resolver 127.0.0.11") for s in said) and "zone icehouse 64k" in said
    assert "proxy_pass http://icehouse" in said and "upstream icehouse" in said
    # sockets stay open between moves (the app pings every 20 s)
    timeout = next(s for s in said if s.startswith("proxy_read_timeout"))
    assert timeout.endswith("h") or int(re.sub(r"\D", "", timeout)) >= 60
    for header in ("X-Forwarded-For $proxy_add_x_forwarded_for", "X-Forwarded-Host $http_host",
                   "Host $http_host"):
        assert f"proxy_set_header {header}" in said


def test_dockerfile_builds_the_package_with_its_migrations():
    text = (ROOT / "Dockerfile").read_text()
    assert "pip install -e ." in text and "COPY migrations" in text and "icehouse" in text
