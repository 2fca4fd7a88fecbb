import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropDatabase, type TestDbKind } from './template-db';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

export default async function setup(project: TestProject) {
  // Global setup runs in the main process, outside the project's env: read the kind from the project.
  const kind: TestDbKind = project.config.env?.MP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const template = await buildTemplate(kind);
  project.provide('templateDb', template);
  return async () => {
    if (kind === 'pglite') await rm(template, { force: true });
    else await dropDatabase(template);
  };
}
