// What every feature receives: configuration, database, file storage and the clock (tests move it).
import type { Config } from './config';
import type { Db } from './db/client';
import type { FileStorage } from './platform/storage';

export type AppDeps = {
  config: Config;
  db: Db;
  storage: FileStorage;
  now: () => Date;
};
