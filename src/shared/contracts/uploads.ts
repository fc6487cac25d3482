// Uploads: the signed upload URLs, the PUT of a file, and the stored images.
export {};
