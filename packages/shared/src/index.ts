export * from './errors';
export * from './users';
