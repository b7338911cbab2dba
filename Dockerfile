# Icehouse Table: the app image (used by docker-compose.yml for both `migrate` and `app`).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/icehouse
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# Editable, so the app finds migrations/, templates/ and static/ beside it.
RUN pip install -e .
RUN useradd --system --home /srv/icehouse icehouse
USER icehouse
EXPOSE 8000
CMD ["icehouse", "serve", "--host", "0.0.0.0", "--port", "8000"]
