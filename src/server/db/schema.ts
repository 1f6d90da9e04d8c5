// The database schema, for drizzle-kit (drizzle.config.ts) and the Db type (driver.ts): the tables
// of the entity folders (src/entities/<name>/table.ts, listed by scripts/entities.mjs) and those that
// belong to no entity (tables.ts). Only tables: loading it loads no entity behaviour, so any module
// may import its tables from here.
export * from '../../entities/tables.gen';
export * from './tables';
