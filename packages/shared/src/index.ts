export * from './companies';
export * from './comparison';
export * from './errors';
export * from './review';
export * from './submissions';
export * from './taking';
export * from './tests';
export * from './users';
