// oidc-provider (a dev dependency, used only by the SSO test as a real local provider) ships no types.
declare module 'oidc-provider';
