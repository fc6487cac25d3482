CREATE TABLE "local_invoice_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_invoices" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "local_invoices" ADD CONSTRAINT "local_invoices_number_unique" UNIQUE("number");