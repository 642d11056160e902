// oidc-provider (used only by integrations.e2e.ts as a real local provider) ships no types.
declare module 'oidc-provider';
