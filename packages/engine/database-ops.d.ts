// For the SDK's .d.ts bundler (tsup's dts.resolve), which finds files by path and not through
// the exports map (as "types" in package.json is for): the SDK inlines the engine's types into
// its published declarations, since the engine itself is not published.
export { DATABASE_FILTER_OPS } from './src/spec/database-ops';
