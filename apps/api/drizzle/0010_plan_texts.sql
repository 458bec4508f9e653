ALTER TABLE "plans" ADD COLUMN "benefits" jsonb DEFAULT '["Todos os campos e áudios", "Novos conteúdos todo mês", "Ouça também sem internet"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "button_text" text;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_benefits_list" CHECK (jsonb_typeof("plans"."benefits") = 'array');