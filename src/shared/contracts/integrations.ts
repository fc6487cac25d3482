// Integrations: the API key, Wix sites, and the public API v1.
export {};
