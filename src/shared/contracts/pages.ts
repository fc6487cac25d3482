// The app's pages and the built client's files: for the document and the route table.
export {};
