CREATE TABLE "access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"website" text,
	"logo_url" text,
	"collection_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_ownerId_unique" UNIQUE("owner_id"),
	CONSTRAINT "businesses_collectionSlug_unique" UNIQUE("collection_slug")
);
--> statement-breakpoint
CREATE TABLE "collection_page_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"welcome_message" text DEFAULT 'Share your experience with us!' NOT NULL,
	"collect_name" boolean DEFAULT true NOT NULL,
	"name_required" boolean DEFAULT true NOT NULL,
	"collect_email" boolean DEFAULT true NOT NULL,
	"email_required" boolean DEFAULT false NOT NULL,
	"collect_business_name" boolean DEFAULT false NOT NULL,
	"business_name_required" boolean DEFAULT false NOT NULL,
	"collect_location" boolean DEFAULT true NOT NULL,
	"location_required" boolean DEFAULT false NOT NULL,
	"collect_star_ratings" boolean DEFAULT true NOT NULL,
	"star_ratings_required" boolean DEFAULT true NOT NULL,
	"collect_selfie" boolean DEFAULT true NOT NULL,
	"selfie_required" boolean DEFAULT false NOT NULL,
	"collect_before_after_photos" boolean DEFAULT true NOT NULL,
	"before_after_photos_required" boolean DEFAULT false NOT NULL,
	"collect_product_photos" boolean DEFAULT true NOT NULL,
	"product_photos_required" boolean DEFAULT false NOT NULL,
	"redirect_after_submission" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_page_settings_businessId_unique" UNIQUE("business_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(255) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text,
	"author_business_name" text,
	"author_location" text,
	"content" text NOT NULL,
	"rating" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_image_url" text,
	"product_image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"before_image_url" text,
	"after_image_url" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"reset_token" text,
	"reset_token_expiry" timestamp with time zone,
	"is_free_account" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"subscription_status" text,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"api_key_hash" text,
	"api_key_created_at" timestamp with time zone,
	"api_key_status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_apiKeyHash_unique" UNIQUE("api_key_hash")
);
--> statement-breakpoint
CREATE TABLE "widget_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"layout" text DEFAULT 'carousel' NOT NULL,
	"background_color" text DEFAULT '#FFFFFF' NOT NULL,
	"inner_container_color" text DEFAULT '#FFFFFF' NOT NULL,
	"text_color" text DEFAULT '#1F2937' NOT NULL,
	"font_family" text DEFAULT 'inter' NOT NULL,
	"font_size" text DEFAULT 'base' NOT NULL,
	"show_ratings" boolean DEFAULT true,
	"show_dates" boolean DEFAULT true,
	"show_location" boolean DEFAULT true,
	"show_branding" boolean DEFAULT false,
	"auto_rotate" boolean DEFAULT true,
	"show_personal_photos" boolean DEFAULT true,
	"show_before_after_photos" boolean DEFAULT true,
	"show_product_images" boolean DEFAULT true,
	"show_business_name" boolean DEFAULT false,
	"header_text" text DEFAULT '' NOT NULL,
	"header_alignment" text DEFAULT 'left' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_settings_businessId_unique" UNIQUE("business_id")
);
--> statement-breakpoint
CREATE TABLE "wix_sites" (
	"wix_site_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"site_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_page_settings" ADD CONSTRAINT "collection_page_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wix_sites" ADD CONSTRAINT "wix_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "testimonials_business_submitted_idx" ON "testimonials" USING btree ("business_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "testimonials_business_status_submitted_idx" ON "testimonials" USING btree ("business_id","status","submitted_at" DESC NULLS LAST);