export * from './companies';
export * from './errors';
export * from './integrations';
export * from './review';
export * from './submissions';
export * from './taking';
export * from './tests';
export * from './users';
