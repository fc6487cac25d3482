// The OpenAPI document and its reference page (Swagger UI).
export {};
