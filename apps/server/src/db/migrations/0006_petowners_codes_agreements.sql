CREATE TABLE "pet_owner_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_owner_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"document_version_id" integer NOT NULL,
	"date_agreed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_owner_promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_owner_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"code" text NOT NULL,
	"order_item_id" integer,
	"date_assigned" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_owner_promotion_codes_kind_check" CHECK ("pet_owner_promotion_codes"."kind" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "pet_owner_agreements" ADD CONSTRAINT "pet_owner_agreements_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_owner_agreements" ADD CONSTRAINT "pet_owner_agreements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_owner_agreements" ADD CONSTRAINT "pet_owner_agreements_document_version_id_document_versions_id_fk" FOREIGN KEY ("document_version_id") REFERENCES "public"."document_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_owner_promotion_codes" ADD CONSTRAINT "pet_owner_promotion_codes_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_owner_agreements_owner_group_idx" ON "pet_owner_agreements" USING btree ("pet_owner_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pet_owner_promotion_codes_owner_kind_key" ON "pet_owner_promotion_codes" USING btree ("pet_owner_id","kind");