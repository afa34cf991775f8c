FROM python:3.11-slim
WORKDIR /app
# The dependencies first, in their own layer: it is rebuilt only when pyproject.toml changes.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt
COPY README.md ./
COPY bot ./bot
COPY rules ./rules
COPY cogs ./cogs
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 bot \
    && mkdir -p /data && chown bot /data
USER bot
ENV DATABASE_PATH=/data/wargame.sqlite3
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
