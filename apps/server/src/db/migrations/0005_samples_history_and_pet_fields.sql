CREATE TABLE "sample_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_number" text NOT NULL,
	"entry_type" smallint NOT NULL,
	"action" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"notes" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_history_upper_check" CHECK ("sample_history"."sample_number" = upper("sample_history"."sample_number")),
	CONSTRAINT "sample_history_entry_type_check" CHECK ("sample_history"."entry_type" in (0, 1, 2)),
	CONSTRAINT "sample_history_from_status_check" CHECK ("sample_history"."from_status" in (0, 10, 15, 20, 30, 40, 45, 50, 52, 55, 300, 350, 400, 500)),
	CONSTRAINT "sample_history_to_status_check" CHECK ("sample_history"."to_status" in (0, 10, 15, 20, 30, 40, 45, 50, 52, 55, 300, 350, 400, 500))
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "flag_notes" text;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "is_pet_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "is_dna_verification_certificate_revoked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "is_deferred_registration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "status_last_updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "updated_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "sample_history" ADD CONSTRAINT "sample_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_history_sample_idx" ON "sample_history" USING btree ("sample_number","changed_at");--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_sample_number_upper_check" CHECK ("pets"."sample_number" = upper("pets"."sample_number"));