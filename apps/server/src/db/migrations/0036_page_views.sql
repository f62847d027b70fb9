CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"route_name" text NOT NULL,
	"role_id" smallint NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_route_viewed_at_idx" ON "page_views" USING btree ("route_name","viewed_at");