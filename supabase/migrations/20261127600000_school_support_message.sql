-- Issue 27: the supportive message a student sees instead of the app's answer when what they wrote
-- in a class run reads as self-harm. A school's operator sets the help that fits it (the school
-- counsellor's room, the local crisis line) as Markdown; null keeps the generic default of
-- packages/functions/src/safety/support.ts. Operators only, like the rest of "School".
alter table public."School"
  add column support_message text
    check (support_message is null or char_length(btrim(support_message)) between 1 and 2000);

comment on column public."School".support_message is
  'Markdown shown to a student whose class-run input reads as self-harm (null: the generic default).';
