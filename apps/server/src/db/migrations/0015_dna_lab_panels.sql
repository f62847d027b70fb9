CREATE TABLE "dna_lab_panels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"species" text NOT NULL,
	"minimum_markers" smallint NOT NULL,
	"markers" jsonb NOT NULL,
	"created_by" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dna_lab_panels" ADD CONSTRAINT "dna_lab_panels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dna_lab_panels_name_key" ON "dna_lab_panels" USING btree (lower("name"));