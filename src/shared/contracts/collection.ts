// The collection page's settings and its QR code.
export {};
