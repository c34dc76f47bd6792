// Package backup copies object databases to an S3-compatible bucket as they change,
// restores them, and finds and restores their past states (point-in-time recovery).
//
// After each commit the changed pages, read from SQLite's write-ahead log, are
// uploaded as LTX files (github.com/superfly/ltx, the format of Litestream v0.5) under
// <prefix>/<class>/<object id>/ in the bucket. ModeInterval uploads within an interval;
// ModeDurable uploads before a commit's answers leave. docs/backup.md says what a bucket
// holds and how to restore by hand.
package backup
