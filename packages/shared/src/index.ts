export * from './errors';
export * from './users';
export * from './taking';
export * from './tests';
export * from './companies';
export * from './submissions';
export * from './review';
