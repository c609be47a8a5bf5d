// Gateway tests run on SQLite unless DATABASE_URL points them at PostgreSQL (see .ci/run).
process.env.TZ = 'UTC';
