// The whole schema, for drizzle-kit and for the typed database client.
export * from './approvals';
export * from './audit';
export * from './characters';
export * from './files';
export * from './locations';
export * from './notifications';
export * from './prestige';
export * from './sso';
export * from './users';
export * from './venues';
export * from './administration';
export * from './games';
export * from './mail';
export * from './data-exchange';
