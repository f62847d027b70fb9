CREATE TABLE "waste_collection_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"original_name" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"resized_name" text NOT NULL,
	CONSTRAINT "waste_collection_photos_position_check" CHECK ("waste_collection_photos"."position" between 1 and 3),
	CONSTRAINT "waste_collection_photos_sha256_check" CHECK ("waste_collection_photos"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "waste_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"waste_sample_id" integer NOT NULL,
	"collected_at" timestamp (3) with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_meters" double precision NOT NULL,
	"collected_by_name" text NOT NULL,
	"location_notes" text,
	"recorded_by_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waste_collections_latitude_check" CHECK ("waste_collections"."latitude" between -90 and 90),
	CONSTRAINT "waste_collections_longitude_check" CHECK ("waste_collections"."longitude" between -180 and 180),
	CONSTRAINT "waste_collections_accuracy_check" CHECK ("waste_collections"."accuracy_meters" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waste_collection_photos" ADD CONSTRAINT "waste_collection_photos_collection_id_waste_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."waste_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collections" ADD CONSTRAINT "waste_collections_waste_sample_id_waste_samples_id_fk" FOREIGN KEY ("waste_sample_id") REFERENCES "public"."waste_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_collections" ADD CONSTRAINT "waste_collections_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waste_collection_photos_position_key" ON "waste_collection_photos" USING btree ("collection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_collections_client_id_key" ON "waste_collections" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_collections_waste_sample_key" ON "waste_collections" USING btree ("waste_sample_id");--> statement-breakpoint
CREATE INDEX "waste_collections_collected_at_idx" ON "waste_collections" USING btree ("collected_at");