CREATE TABLE "email_template_configs" (
	"event_name" text PRIMARY KEY NOT NULL,
	"template_ids" integer[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"enable_ab_testing" boolean DEFAULT false NOT NULL,
	"track_clicks" boolean DEFAULT true NOT NULL,
	"track_opens" boolean DEFAULT true NOT NULL,
	"track_subscriptions" boolean DEFAULT true NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"event_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_templates_event_idx" ON "email_templates" USING btree ("event_name");