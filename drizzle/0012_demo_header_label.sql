-- The landing page's demo said "Example testimonials: replace them with your own" to every visitor:
-- a demo business made before this change gets the discreet "Example" label (docs/product/marketing.md).
-- Only that exact text changes; a header an owner wrote stays.
UPDATE "widget_settings" SET "header_text" = 'Example', "updated_at" = now()
WHERE "header_text" = 'Example testimonials: replace them with your own';
