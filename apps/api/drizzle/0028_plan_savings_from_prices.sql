-- "Economize N%" is computed from the prices now (contract withSavings): the texts a fresh install
-- once seeded are cleared, so they follow the prices; a text an admin wrote stays.
UPDATE "plans" SET "savings" = NULL WHERE ("code" = 'semestral' AND "savings" = 'Economize 10%') OR ("code" = 'anual' AND "savings" = 'Economize 20%');
