export * from './schema/clients';
export * from './schema/users';
export * from './schema/auth';
export * from './schema/audit';
export * from './schema/jobs';
export * from './schema/files';
