CREATE TABLE "rent_roll_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"proposal" jsonb NOT NULL,
	"status" text DEFAULT 'Proposed' NOT NULL,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_applied" timestamp with time zone,
	CONSTRAINT "rent_roll_imports_status_check" CHECK ("rent_roll_imports"."status" in ('Proposed', 'Applied'))
);
--> statement-breakpoint
CREATE TABLE "rent_roll_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"unit" text,
	"invited_by_id" integer,
	"date_invited" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_roll_mappings" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by_id" integer,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rent_roll_imports" ADD CONSTRAINT "rent_roll_imports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_imports" ADD CONSTRAINT "rent_roll_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_invitations" ADD CONSTRAINT "rent_roll_invitations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_invitations" ADD CONSTRAINT "rent_roll_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_mappings" ADD CONSTRAINT "rent_roll_mappings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_mappings" ADD CONSTRAINT "rent_roll_mappings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rent_roll_imports_group_idx" ON "rent_roll_imports" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_roll_invitations_group_email_key" ON "rent_roll_invitations" USING btree ("group_id",lower("email"));--> statement-breakpoint
CREATE INDEX "waste_samples_property_collected_idx" ON "waste_samples" USING btree ("property_id","date_collected");--> statement-breakpoint
CREATE INDEX "waste_samples_received_idx" ON "waste_samples" USING btree ("date_received");--> statement-breakpoint
CREATE INDEX "sample_history_received_idx" ON "sample_history" USING btree ("changed_at") WHERE "sample_history"."to_status" = 10;