-- Issue 26/27: class_join_preview answered any anonymous caller, without limit, whether a join code
-- belongs to an open class: an oracle that bypassed the join-code limits. The preview now lives in
-- the join-class function ({ code, preview: true }), limited per caller and per code like joining.
drop function if exists public.class_join_preview(text);
