FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY rules ./rules
COPY cogs ./cogs
RUN pip install --no-cache-dir .
ENV DATABASE_PATH=/data/wargame.sqlite3
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
