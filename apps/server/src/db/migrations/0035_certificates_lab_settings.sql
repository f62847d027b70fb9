CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"number" text NOT NULL,
	"sample_number" text,
	"dog_name" text,
	"result_text" text NOT NULL,
	"issuer" text NOT NULL,
	"signatory_name" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'Valid' NOT NULL,
	"status_date" timestamp with time zone,
	"status_reason" text,
	CONSTRAINT "certificates_kind_check" CHECK ("certificates"."kind" in ('MatchCertificate', 'DnaProfile', 'DnaVerification', 'ProofOfParentage')),
	CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('Valid', 'Revoked', 'Superseded'))
);
--> statement-breakpoint
CREATE TABLE "lab_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone" text,
	"website" text,
	"accreditation" text,
	"logo_path" text,
	"updated_by_id" integer,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_settings_one_row" CHECK ("lab_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "lab_signatories" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"title" text,
	"signature_path" text,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lab_settings" ADD CONSTRAINT "lab_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_signatories" ADD CONSTRAINT "lab_signatories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_valid_subject_key" ON "certificates" USING btree ("kind","subject_key") WHERE "certificates"."status" = 'Valid';--> statement-breakpoint
CREATE INDEX "certificates_subject_idx" ON "certificates" USING btree ("kind","subject_key");